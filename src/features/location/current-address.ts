import * as z from 'zod/mini';
import type { Address } from './address.ts';
import type { DeliveryLocation } from './delivery-location.ts';
import { findCityByName } from './gazetteer.ts';
import type { LatLng } from '#/lib/geo.ts';
import type { ReverseGeocodeAnswer } from './reverse-geocode.ts';

/** SPEC §3 root state selectedLocation / currentDiscoveryLocation: areaId is the pincode, cityId the city id. */
export const discoveryLocationSchema = z.object({ areaId: z.string(), cityId: z.string() });
export type DiscoveryLocation = z.infer<typeof discoveryLocationSchema>;

/** SPEC §3 selectedMapPin: where the pin stands and what it reads. */
export interface MapPin {
  areaId: string;
  cityId: string;
  displayText: string;
  location: LatLng;
  place: ReverseGeocodeAnswer;
}

function cityIdOf(cityName: string): string {
  return findCityByName(cityName)?.id ?? cityName.trim().toLowerCase();
}

export function mapPinOf(place: ReverseGeocodeAnswer, location: LatLng): MapPin {
  return { areaId: place.pinCode, cityId: cityIdOf(place.city.name), displayText: place.formattedAddress, location, place };
}

/** A locality-level current address for a pin the shopper chose without filling the form. */
export function addressFromPin(pin: MapPin, meta: Pick<Address, 'id' | 'userId' | 'tenant' | 'source'>): Address {
  const { place, location } = pin;
  return {
    ...meta,
    name: '',
    address: place.formattedAddress,
    address_line1: '',
    address_line2: place.locality.name,
    house_number: '',
    building: '',
    street: '',
    landmark: place.landmark.name,
    locality: place.locality.name,
    city: place.city.name,
    state: place.state.name,
    country: 'India',
    pin_code: place.pinCode,
    area_code: place.pinCode,
    latitude: location.lat,
    longitude: location.lng,
    precision: 0,
    address_type: 'OTHER',
  };
}

export function discoveryLocationOf(address: Address): DiscoveryLocation {
  return { areaId: address.pin_code, cityId: cityIdOf(address.city) };
}

/** The small server-readable copy of the current address (src/features/location/delivery-location.ts). */
export function deliveryLocationOf(address: Address): DeliveryLocation {
  const label = (address.locality || address.address_line2 || address.city).slice(0, 80);
  return { label, city: cityIdOf(address.city), pincode: address.pin_code, lat: address.latitude, lng: address.longitude };
}
