// Translators made on the server outside a page (emails, receipts, cards): one formatter cache for the process, so a
// message is compiled once, not on every receipt (use-intl's own createCache and createIntlFormatters; its memo keys
// carry the locale, so every locale shares it safely).
import { _createCache, _createIntlFormatters } from 'use-intl/core';

const cache = _createCache();

/** Spread into createTranslator's options. */
export const SHARED_INTL_CACHE = { _cache: cache, _formatters: _createIntlFormatters(cache) };
