import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {analyticsConfigured, type AnalyticsConfig} from './types';

/**
 * Adds the analytics client to every page only when a service is configured;
 * otherwise the site ships no analytics code at all.
 */
export default function analyticsPlugin(_context: LoadContext, {analytics}: {analytics: AnalyticsConfig}): Plugin {
  return {
    name: 'atlas-analytics',
    getClientModules: () => (analyticsConfigured(analytics) ? [path.join(__dirname, 'client/index.ts')] : []),
  };
}
