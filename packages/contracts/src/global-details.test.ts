import { describe, expect, it } from 'vitest';
import { GLOBAL_DETAILS_ACTIONS, ZGlobalDetails, isGlobalDetailsActionKey } from './global-details';

describe('global details actions', () => {
  it('names the two action keys of the spec, each pointing at fields of the global details', () => {
    expect(isGlobalDetailsActionKey('requests')).toBe(true);
    expect(isGlobalDetailsActionKey('timeline_recent')).toBe(true);
    expect(isGlobalDetailsActionKey('toString')).toBe(false);
    const fields = Object.keys(ZGlobalDetails.shape);
    for (const keys of Object.values(GLOBAL_DETAILS_ACTIONS)) for (const k of keys) expect(fields).toContain(k);
  });

  it('covers every field of the global details', () => {
    const spec =
      'profile announcement isAnnouncementDisplayed dayCallHourRates environmentMapping applicationUser insured faqCategories legalPages healthCare refunds allActsRefunds allRequests lastRequests timelineRecent allDocuments alertDtoList noemieStateDtoList featureStatus averageRequestResponseDelay entityTutorialDtos entityHasServices companySpecificities documentsDisplay brand insurer insuredMobileApplication showOldInsuredSpaceLink logoutRedirectUrl isBoAuthentication hasNonBasePolicy entityHasDigitalCampaigns environmentHasMandatoryInformations';
    expect(Object.keys(ZGlobalDetails.shape)).toEqual(expect.arrayContaining(spec.split(' ')));
    const insured =
      'id allBeneficiaries familyContacts familyAddresses tpCardInformations ribInformations allThemes allSubscriptions affiliations contractsSubscribed healthCareNetworks companyOptions verifySentByPostOffice paymentSchedules notifications passwordLastModification firstConnection showPopupPasswordValidity validatedLegalPages finishedTutorial lastConnection insuredContact';
    expect(Object.keys(ZGlobalDetails.shape.insured.shape)).toEqual(expect.arrayContaining(insured.split(' ')));
  });
});
