// The wizard's own rules, shared by the browser and the server.
import { checkStep, purposeOf, stepOfField, stepsFor, wizardPath, wizardVariant, REVIEW_MESSAGES } from '@/lib/fundraisers/wizard';
import { DRAFT_MESSAGES } from '@/lib/validation/drafts';

const inDays = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + days * 86_400_000));

describe('wizard addresses (spec 2)', () => {
  it.each([
    [[], { kind: 'any', advanced: false, inSteps: false }],
    [['form'], { kind: 'any', advanced: false, inSteps: true }],
    [['advance'], { kind: 'any', advanced: true, inSteps: false }],
    [['medical'], { kind: 'medical', advanced: false, inSteps: false }],
    [['medical', 'advance', 'form'], { kind: 'medical', advanced: true, inSteps: true }],
    [['non-medical', 'form'], { kind: 'non-medical', advanced: false, inSteps: true }],
  ])('%j is a wizard page', (segments, variant) => {
    expect(wizardVariant(segments)).toEqual(variant);
    expect(wizardPath(variant as never)).toBe(`/new/crowdfunding${segments.filter((s) => s !== 'form').map((s) => `/${s}`).join('')}`);
  });

  it.each([[['form', 'medical']], [['advance', 'medical']], [['medical', 'medical']], [['ngo']], [['medical', 'form', 'x']]])('%j is no page', (segments) => {
    expect(wizardVariant(segments)).toBeNull();
  });
});

describe('steps follow the purpose (spec 4)', () => {
  it('medical asks medical details, other asks about the owner, ngo neither', () => {
    expect(stepsFor(purposeOf({ parent_cause_id: 20, cause_id: 4 }))).toEqual(['cause', 'beneficiary', 'medical', 'story', 'goal', 'images', 'documents', 'review']);
    expect(stepsFor(purposeOf({ parent_cause_id: 20, cause_id: 162 }))).toContain('owner');
    expect(stepsFor(purposeOf({ parent_cause_id: 48, cause_id: 201 }))).toEqual(['cause', 'story', 'goal', 'images', 'review']);
  });
});

describe('checkStep', () => {
  it('asks for the required fields of a step in the review words', () => {
    expect(checkStep('beneficiary', false, {}).problems).toEqual({ beneficiary_relation: DRAFT_MESSAGES.relation, beneficiary_name: REVIEW_MESSAGES.beneficiary_name });
    expect(checkStep('medical', false, { patient_number: 'X1' }).problems).toEqual({ disease_id: REVIEW_MESSAGES.disease_id, hospital_id: REVIEW_MESSAGES.hospital_id, hospitalisation_status: REVIEW_MESSAGES.hospitalisation_status });
  });

  it('takes a hospital entered by hand (name and city) instead of one from the list', () => {
    const base = { disease_id: '1', hospitalisation_status: 'currently_hospitalised' };
    const own = checkStep('medical', false, { ...base, new_hospital_name: ' Sunrise Care Hospital ', new_hospital_city: 'Nashik' });
    expect(own.problems).toEqual({});
    expect(own.fields).toMatchObject({ new_hospital_name: 'Sunrise Care Hospital', new_hospital_city: 'Nashik' });
    expect(own.fields).not.toHaveProperty('hospital_id');
    expect(checkStep('medical', false, { ...base, new_hospital_name: 'Sunrise Care Hospital' }).problems).toEqual({ new_hospital_city: REVIEW_MESSAGES.new_hospital_city });
    expect(checkStep('medical', false, base).problems).toEqual({ hospital_id: REVIEW_MESSAGES.hospital_id });
    expect(stepOfField('medical_estimate')).toBe('documents');
  });

  it('leaves empty inputs out and converts the rest as the API takes them', () => {
    const { fields, problems } = checkStep('beneficiary', false, { beneficiary_relation: 'father', beneficiary_name: ' Ramesh Kumar ', beneficiary_age: '', city: '  ' });
    expect(problems).toEqual({});
    expect(fields).toEqual({ beneficiary_relation: 'father', beneficiary_name: 'Ramesh Kumar' });
    expect(checkStep('goal', false, { goal: '500000', currency: 'INR', end_date: inDays(30) }).fields).toEqual({ goal: 500000, currency: 'INR', end_date: inDays(30) });
  });

  it('applies the draft rules: spec 5 dates, goal bounds, the story length, a real cause', () => {
    expect(checkStep('goal', false, { goal: '500', end_date: inDays(-1) }).problems).toEqual({ goal: DRAFT_MESSAGES.goal, end_date: DRAFT_MESSAGES.datePast });
    expect(checkStep('goal', false, { goal: '5000', end_date: '2027-02-30' }).problems).toEqual({ end_date: DRAFT_MESSAGES.date });
    expect(checkStep('story', false, { title: 'Help Asha beat cancer', story: '<p><b>Too</b> short</p>' }).problems).toEqual({ story: REVIEW_MESSAGES.story });
    expect(checkStep('cause', false, { parent_cause_id: '20', cause_id: '20' }).problems).toEqual({ cause_id: REVIEW_MESSAGES.cause_id });
  });

  it('asks the /advance fields only in the advance variant', () => {
    expect(checkStep('owner', false, { owner_salary: '30000' }).fields).toEqual({});
    expect(checkStep('owner', true, { owner_salary: '30000' }).fields).toEqual({ owner_salary: 30000 });
  });

  it('knows which step asks each field the review may report', () => {
    expect(stepOfField('cover')).toBe('images');
    expect(stepOfField('disease_id')).toBe('medical');
    expect(stepOfField('end_date')).toBe('goal');
    expect(stepOfField('nonsense')).toBeNull();
  });
});
