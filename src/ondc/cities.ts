/** The cities the storefront serves, with their ONDC `context.city` codes (STD codes). */
export const SERVED_CITIES = [
  { id: 'delhi', name: 'Delhi', code: 'std:011' },
  { id: 'bengaluru', name: 'Bengaluru', code: 'std:080' },
  { id: 'mumbai', name: 'Mumbai', code: 'std:022' },
  { id: 'pune', name: 'Pune', code: 'std:020' },
  { id: 'hyderabad', name: 'Hyderabad', code: 'std:040' },
  { id: 'chennai', name: 'Chennai', code: 'std:044' },
] as const;

/** A city as a shopper reads it ("Bengaluru"): ONDC addresses carry the city id ("bengaluru"). Issue 28. */
export function cityDisplayName(city: string): string {
  return SERVED_CITIES.find((c) => c.id === city.trim().toLowerCase())?.name ?? city;
}

export function cityCode(cityId: string): string | undefined {
  return SERVED_CITIES.find((c) => c.id === cityId.toLowerCase())?.code;
}
