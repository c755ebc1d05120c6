/** The cities the storefront serves, with their ONDC `context.city` codes (STD codes). */
export const SERVED_CITIES = [
  { id: 'delhi', name: 'Delhi', code: 'std:011', state: 'Delhi' },
  { id: 'bengaluru', name: 'Bengaluru', code: 'std:080', state: 'Karnataka' },
  { id: 'mumbai', name: 'Mumbai', code: 'std:022', state: 'Maharashtra' },
  { id: 'pune', name: 'Pune', code: 'std:020', state: 'Maharashtra' },
  { id: 'hyderabad', name: 'Hyderabad', code: 'std:040', state: 'Telangana' },
  { id: 'chennai', name: 'Chennai', code: 'std:044', state: 'Tamil Nadu' },
] as const;

/** The state a served city is in, as an address names it ("Karnataka"); undefined for a city we do not serve. */
export function stateOfCity(city: string): string | undefined {
  return SERVED_CITIES.find((c) => c.id === city.trim().toLowerCase())?.state;
}

/** A city as a shopper reads it ("Bengaluru"): ONDC addresses carry the city id ("bengaluru"). Issue 28. */
export function cityDisplayName(city: string): string {
  return SERVED_CITIES.find((c) => c.id === city.trim().toLowerCase())?.name ?? city;
}

/**
 * The ONDC code of a city we serve, named by its code ('std:080') or its id or name ('bengaluru',
 * 'Bengaluru'); undefined for any other, a well-formed code of a city we do not serve included
 * ('std:999'). The one reading of a city a cart, select, init and the offers list are given.
 */
export function servedCityCode(city: string): string | undefined {
  const id = city.toLowerCase();
  return SERVED_CITIES.find((c) => c.code === city || c.id === id)?.code;
}
