import type { GeocodeAnswer } from '@freguesia/shared/schemas/catalog';
import { normalizeText } from '@freguesia/shared/domain/text';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { geocodeAddress } from '../../api/address';

/** The part of an address that places it on the map. */
export interface GeocodeAddress {
  address: string;
  number: string;
  city: string;
  state: string;
}

export type GeocodeStatus = 'idle' | 'running' | 'found' | 'missing' | 'failed';

/** Wait after the last key stroke before asking (one request per pause, not per letter). */
export const GEOCODE_DELAY_MS = 700;

/** Whether the address can be looked up: street, city and state (the number is optional). */
export function geocodable(address: GeocodeAddress): boolean {
  return Boolean(address.address.trim() && address.city.trim() && address.state.trim());
}

/** Comparison key of what the lookup depends on ('' when the address is not geocodable). */
export function geocodeKey(address: GeocodeAddress): string {
  if (!geocodable(address)) return '';
  return [address.address, address.number, address.city, address.state]
    .map((part) => normalizeText(part))
    .join('|');
}

export interface AutoGeocodeOptions {
  /** Key of the address already placed (editing a saved record): no lookup until it changes. */
  initialKey?: string;
  onFound: (found: GeocodeAnswer) => void;
  /** Nothing was found for the complete address. */
  onMissing?: () => void;
  /** The geocoding service failed (unreachable, 5xx). */
  onFailed?: (error: unknown) => void;
  delayMs?: number;
}

/**
 * Geocodes `address` whenever it is complete (street, city and state; with the number when
 * typed) and changed, whatever the order the fields were filled in, after a pause in typing.
 * An answer for an address that changed meanwhile is dropped. Returns the lookup's status for the
 * screen's feedback ('Localizando…', 'não localizado').
 */
export function useAutoGeocode(address: GeocodeAddress, options: AutoGeocodeOptions): GeocodeStatus {
  const [status, setStatus] = useState<GeocodeStatus>('idle');
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const lastKey = useRef(options.initialKey ?? '');
  const sequence = useRef(0);
  const key = geocodeKey(address);
  const { address: street, number, city, state } = address;

  useEffect(() => {
    if (key === lastKey.current) return;
    // The address changed: an answer still on its way is for another address.
    const seq = ++sequence.current;
    if (!key) return;
    const timer = setTimeout(() => {
      lastKey.current = key;
      setStatus('running');
      geocodeAddress({ address: street, number, city, state }).then(
        (found) => {
          if (seq !== sequence.current) return;
          setStatus(found ? 'found' : 'missing');
          if (found) latest.current.onFound(found);
          else latest.current.onMissing?.();
        },
        (error: unknown) => {
          if (seq !== sequence.current) return;
          // Typing the same address again tries again.
          lastKey.current = '';
          setStatus('failed');
          latest.current.onFailed?.(error);
        },
      );
    }, options.delayMs ?? GEOCODE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, street, number, city, state, options.delayMs]);

  // An incomplete address has no lookup under way (its answer, if any, is dropped).
  return !key && status === 'running' ? 'idle' : status;
}
