import { ModuleFederation, init } from '@module-federation/enhanced/runtime';
import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import * as Router from 'react-router-dom';
import * as Zustand from 'zustand';
import * as Shared from '@shambasoko/shared';
import * as SharedUi from '@shambasoko/shared/ui';
import { wantOffline } from '../../lib/offline-wanted';
import remoteFallbackPlugin from './fallback-plugin';

/*
 * The shell is a host without the federation build plugin: its own code imports React, the router
 * and the shared package directly, so the landing page's first chunk carries no federation runtime.
 * This module (loaded with the first remote) creates the shell's federation instance and offers the
 * shell's own copies of the shared singletons to the remotes. Names and versions come from the build
 * (create-config.mjs: sharedSingletons), so the shell offers exactly what the remotes are built to take.
 */

declare const __SHELL_PROVIDES__: Record<string, string>;
declare const __SHARED_RUNTIME__: { key: string; version: string } | null;

type Module = object;
type Provider = { loaded: Module } | { load: () => Promise<Module> };

/** The module behind each shared name: already running in the shell, or loaded when a remote asks. */
export const PROVIDERS: Record<string, Provider> = {
  react: { loaded: React },
  'react/jsx-runtime': { loaded: JsxRuntime },
  'react-dom': { loaded: ReactDom },
  'react-dom/client': { loaded: ReactDomClient },
  // Both names resolve to the router facade (scripts/webpack/facades).
  'react-router': { loaded: Router },
  'react-router-dom': { loaded: Router },
  zustand: { loaded: Zustand },
  '@shambasoko/shared': { loaded: Shared },
  // The app area, which every remote page sits in, has already loaded the design system: a remote's
  // chunks must not wait for another round trip to take it.
  '@shambasoko/shared/ui': { loaded: SharedUi },
  // Parts of the design system few pages show: a remote page that does loads them with its own chunks.
  '@shambasoko/shared/ui/tabs': { load: () => import('@shambasoko/shared/ui/tabs') },
  '@shambasoko/shared/ui/photo-strip': { load: () => import('@shambasoko/shared/ui/photo-strip') },
  // The query library comes with the first page that reads server data (routing/server-data.tsx);
  // pages that read none (sign-in) never load it. Once the shell has it, this resolves at once.
  '@tanstack/react-query': { load: () => import('@tanstack/react-query') },
  'firebase/app': { load: () => import('firebase/app') },
  'firebase/auth': { load: () => import('firebase/auth') },
  '@shambasoko/shared/preferences': { load: () => import('@shambasoko/shared/preferences') },
  // A remote page that asks for the offline support works offline: the shell's offline corner starts it.
  '@shambasoko/shared/offline': {
    load: () => {
      wantOffline();
      return import('@shambasoko/shared/offline');
    },
  },
};

/** The federation `shared` option for what the build says the shell provides. */
export function sharedOptions(provides: Record<string, string>): NonNullable<Parameters<typeof init>[0]['shared']> {
  return Object.fromEntries(
    Object.entries(provides).map(([name, version]) => {
      const provider = PROVIDERS[name];
      if (!provider) throw new Error(`The shell shares "${name}" but has no module for it (remotes/federation.ts).`);
      const shareConfig = { singleton: true, requiredVersion: false as const, eager: false };
      // A module the shell already runs is marked loaded, so a remote's own copy never replaces it.
      return [
        name,
        'loaded' in provider
          ? { version, lib: () => provider.loaded, shareConfig }
          : { version, get: () => provider.load().then((module) => () => module), shareConfig },
      ];
    }),
  );
}

/**
 * Production remote entries build their federation instance with the shell's runtime class instead
 * of bundling their own (scripts/webpack/shared-runtime/README.md).
 */
function publishRuntime(): void {
  if (!__SHARED_RUNTIME__) return;
  const federationGlobal = (globalThis as unknown as { __FEDERATION__?: Record<string, unknown> }).__FEDERATION__;
  if (federationGlobal && !federationGlobal[__SHARED_RUNTIME__.key])
    federationGlobal[__SHARED_RUNTIME__.key] = { ModuleFederation, version: __SHARED_RUNTIME__.version };
}

let instance: ModuleFederation | null = null;

/** The shell's federation instance, created on first use. */
export function federation(): ModuleFederation {
  if (!instance) {
    instance = init({
      name: 'shell',
      remotes: [],
      shared: sharedOptions(__SHELL_PROVIDES__),
      shareStrategy: 'loaded-first',
      plugins: [remoteFallbackPlugin()],
    });
    publishRuntime();
  }
  return instance;
}
