import { defineModule } from '../../core/module';
import { establishmentImportRoutes } from './finess/routes';
import { seedFinessSample } from './finess/seed';
import { hospitalCareRoutes } from './routes';
import { seedHospitalizationTypes } from './seed';

/** Hospital coverage (home/hospital-care): the establishment directory (FINESS extract import) and the coverage request. */
export const hospitalCareModule = defineModule({
  name: 'hospital-care',
  routes: {
    plugin: async (app, services) => {
      await app.register(hospitalCareRoutes, services);
      await app.register(establishmentImportRoutes, { ...services, prefix: '/ops/establishments' });
    },
  },
  seed: [
    { name: '062-demo-hospitalization-types', run: seedHospitalizationTypes },
    { name: '150-demo-finess-sample-extract', run: seedFinessSample },
  ],
});
