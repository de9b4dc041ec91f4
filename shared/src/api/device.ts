import { STORAGE_KEYS, readString, writeValue } from '../session/storage';

/**
 * Device info sent at sign-in and sign-up, derived from the browser. Only make,
 * model and OS: serial number, IMEI, IP and MAC address are personal data the API no longer keeps.
 */
export interface DeviceInfo {
  make: string;
  model: string;
  os: string;
  osVersion: string;
}

function randomId(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** A stable per-browser id, created once. */
export function deviceId(): string {
  const existing = readString(STORAGE_KEYS.deviceId);
  if (existing) return existing;
  const id = randomId();
  writeValue(STORAGE_KEYS.deviceId, id);
  return id;
}

function parseUserAgent(ua: string): { os: string; osVersion: string; make: string; model: string } {
  const android = /Android (\d+(?:\.\d+)*)(?:; ([^;)]+))?/.exec(ua);
  if (android) return { os: 'Android', osVersion: android[1] ?? '', make: 'Android', model: android[2]?.trim() ?? 'Android device' };
  const ios = /(iPhone|iPad).*OS (\d+[_\d]*)/.exec(ua);
  if (ios) return { os: 'iOS', osVersion: (ios[2] ?? '').replace(/_/g, '.'), make: 'Apple', model: ios[1] ?? 'iPhone' };
  const windows = /Windows NT (\d+\.\d+)/.exec(ua);
  if (windows) return { os: 'Windows', osVersion: windows[1] ?? '', make: 'PC', model: 'Desktop' };
  const mac = /Mac OS X (\d+[_.\d]*)/.exec(ua);
  if (mac) return { os: 'macOS', osVersion: (mac[1] ?? '').replace(/_/g, '.'), make: 'Apple', model: 'Mac' };
  if (/Linux/.test(ua)) return { os: 'Linux', osVersion: '', make: 'PC', model: 'Desktop' };
  return { os: 'Unknown', osVersion: '', make: 'Unknown', model: 'Unknown' };
}

export function deviceInfo(userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): DeviceInfo {
  return parseUserAgent(userAgent);
}

/** The fixed identity headers every core API request carries. */
export function identityHeaders(): Record<string, string> {
  const info = parseUserAgent(typeof navigator === 'undefined' ? '' : navigator.userAgent);
  return {
    'x-identity': 'shambasoko-web',
    'x-source-system': 'web',
    'x-api-key': 'shambasoko-web-client',
    'x-source-application': 'shambasoko',
    'x-device-id': deviceId(),
    'x-device-type': 'web',
    'x-device-os': info.os,
    'x-os-version': info.osVersion,
    'x-device-model': info.model,
    'x-device-manufacturer': info.make,
  };
}
