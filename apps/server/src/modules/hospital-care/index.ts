import { defineModule } from '../module';
import { hospitalCareRoutes } from './routes';
import { seedHospitalizationTypes } from './seed';

/** Hospital coverage (home/hospital-care): the establishment directory and the coverage request. */
export const hospitalCareModule = defineModule({
  name: 'hospital-care',
  routes: { plugin: hospitalCareRoutes },
  seed: [{ name: '062-demo-hospitalization-types', run: seedHospitalizationTypes }],
});
