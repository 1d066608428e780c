export { AddressFields, ADDRESS_LABELS, EMPTY_ADDRESS, applyCep, foldName } from './address-fields';
export type { AddressField, AddressFieldsProps, AddressValue } from './address-fields';
export { ADDRESS_NOT_FOUND, fetchCities, fetchStates, geocodeAddress, lookupCep } from '../../api/address';
export type { GeocodeQuery } from '../../api/address';
export { GEOCODE_DELAY_MS, geocodable, geocodeKey, useAutoGeocode } from './auto-geocode';
export type { AutoGeocodeOptions, GeocodeAddress, GeocodeStatus } from './auto-geocode';
