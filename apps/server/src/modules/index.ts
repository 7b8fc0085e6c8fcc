import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isAppModule, type AppModule } from '../core/module';
import { seedStepsOf, type SeedStep } from '../db/seed';

/** The module folders, comma-separated, written into the server's bundle by scripts/build.mjs (the folders are not beside it). */
declare const BUNDLED_MODULE_FOLDERS: string | undefined;

/** Every folder of modules/ with a manifest (index.ts), by name. */
function moduleFolders(): readonly string[] {
  if (typeof BUNDLED_MODULE_FOLDERS !== 'undefined') return BUNDLED_MODULE_FOLDERS.split(',');
  const here = fileURLToPath(new URL('.', import.meta.url));
  return readdirSync(here, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(here, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort();
}

/**
 * Every module of the server: the manifests its folders' index.ts export, found there, so that a new
 * module is added by its folder alone. app.ts (routes, guarded resources), the /all-info composer, the
 * table list and the demo-data loop read it.
 */
export const MODULES: readonly AppModule[] = (await Promise.all(moduleFolders().map((folder) => import(`./${folder}/index.ts`)))).flatMap(
  (exports: Record<string, unknown>) => Object.values(exports).filter(isAppModule),
);

/** The demo data: every module's seed steps, in the order of their names (main.ts and the commands load them). */
export const demoDataSteps = (): SeedStep[] => seedStepsOf(MODULES);
