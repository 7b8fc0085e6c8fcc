import { describe, expect, it } from 'vitest';
import { ZPersonalInfoValidationRequest, isPersonalInfoValid, missingPersonalInfo } from './personal-info';

describe('personal information completeness', () => {
  const complete = { mobileNumber: '0612345678', email: 'a@b.fr', city: 'Paris', zipCode: '75011', line1: '12 rue des Lilas' };

  it('is valid when the five fields are there', () => {
    expect(isPersonalInfoValid(complete)).toBe(true);
  });

  it('lists each missing or blank field', () => {
    expect(missingPersonalInfo({ ...complete, mobileNumber: null, city: '  ' })).toEqual(['mobileNumber', 'city']);
    expect(missingPersonalInfo({})).toEqual(['mobileNumber', 'email', 'city', 'zipCode', 'line1']);
  });
});

describe('validate-info body', () => {
  it('normalises French mobile numbers and checks the zip code', () => {
    const body = ZPersonalInfoValidationRequest.parse({
      email: ' sophie@example.com ',
      mobileNumber: '+33 6 11 22 33 44',
      address: { line1: '8 cours', zipCode: '33000', city: 'Bordeaux' },
    });
    expect(body.mobileNumber).toBe('0611223344');
    expect(body.email).toBe('sophie@example.com');
    expect(ZPersonalInfoValidationRequest.safeParse({ ...body, mobileNumber: '0112345678' }).success).toBe(false);
    expect(ZPersonalInfoValidationRequest.safeParse({ ...body, address: { ...body.address, zipCode: '3300' } }).success).toBe(false);
  });
});
