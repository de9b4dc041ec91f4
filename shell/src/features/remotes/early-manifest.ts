import type { RemotesManifest } from '@shambasoko/contracts';
import { fetchManifest } from './manifest';

let early: Promise<RemotesManifest> | null = null;

/** Fetches the manifest as the page starts (the head start), kept for the remotes provider's first read. */
export function fetchEarlyManifest(): Promise<RemotesManifest> {
  early = fetchManifest();
  return early;
}

/** The manifest the head start fetched, once: the remotes provider's first read. */
export function takeEarlyManifest(): Promise<RemotesManifest> | null {
  const manifest = early;
  early = null;
  return manifest;
}
