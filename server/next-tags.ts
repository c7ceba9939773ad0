// Expiring Next's cache tags from outside a Next request, in the process that runs Next (our server's fast lane and
// background work, server/fast-lane.ts and server/background.ts). revalidateTag(tag, { expire: 0 }) only queues the tag on the request's store; when the
// request ends, Next's file-system cache marks it stale and expired in its tags manifest, the one map (a
// '.external' module: one instance per process) that every cached page and unstable_cache entry is checked against.
// This does the same to the same map. It leans on Next's internals (pinned at 16.4): when the map is not there the
// fast lane stays off and background work goes through Next, and e2e/fast-lane.spec.ts fails if a fast-lane donation no longer shows on a cached story.
import { createRequire } from 'node:module';
import type { TagExpiry } from '../lib/cache/invalidate';

type TagsManifest = Map<string, { stale?: number; expired?: number }>;

const MANIFEST_MODULE = 'next/dist/server/lib/incremental-cache/tags-manifest.external.js';

/** The expiry, or null when this Next keeps its tags elsewhere. */
export function nextTagExpiry(): TagExpiry | null {
  let manifest: unknown;
  try {
    manifest = (createRequire(`${process.cwd()}/package.json`)(MANIFEST_MODULE) as { tagsManifest?: unknown }).tagsManifest;
  } catch {
    return null;
  }
  if (!(manifest instanceof Map)) return null;
  const tags = manifest as TagsManifest;
  return async (expired) => {
    const now = Date.now();
    for (const tag of expired) tags.set(tag, { ...tags.get(tag), stale: now, expired: now });
  };
}
