// The address rule a seller checks at init and confirm (ondc-notes §1 init, from
// notes/init/init_other_product.yaml): name + building + locality under 190 characters, name
// different from locality, and a 6-digit pincode. A breach is 31002 Order validation failure.
import type { Address } from './requests.ts';

const MAX_ADDRESS_CHARS = 190;

/** What is wrong with an address, or null; `where` names it in the message (e.g. "billing"). */
export function addressProblem(address: Address, where: string): string | null {
  const name = address.name?.trim() ?? '';
  const building = address.building?.trim() ?? '';
  const locality = address.locality?.trim() ?? '';
  if (!/^\d{6}$/.test(address.area_code)) return `${where}: area_code must be a 6-digit pincode`;
  if (name === '' || locality === '') return `${where}: name and locality are required`;
  if (name.length + building.length + locality.length >= MAX_ADDRESS_CHARS) {
    return `${where}: name, building and locality must be under ${MAX_ADDRESS_CHARS} characters together`;
  }
  if (name.toLowerCase() === locality.toLowerCase()) return `${where}: name and locality must differ`;
  return null;
}
