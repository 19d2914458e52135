import { describe, expect, it } from 'vitest';
import { MAX_RECORD_ID } from '../common/ids';
import { talentMessages } from './talent.rules';
import { credentialBodySchema, talentIdParamsSchema, userApplyJobBodySchema } from './talent.schemas';

const issue = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  r.error?.issues.find((i) => i.path[0] === field)?.message;

describe('talent schemas', () => {
  it('reads user_apply_job[id] as a record id: empty means none, anything else must be a valid id', () => {
    const id = (v: unknown) => userApplyJobBodySchema.safeParse({ id: v });
    expect(issue(id(''), 'id')).toBeUndefined();
    expect(issue(id('12'), 'id')).toBeUndefined();
    for (const bad of ['abc', '1.5', '0', String(MAX_RECORD_ID + 1)]) {
      expect(issue(id(bad), 'id'), bad).toBe(talentMessages.jobIntentionNotFound);
    }
  });

  it('refuses ids the database cannot hold and record dates before 1900', () => {
    expect(talentIdParamsSchema.safeParse({ id: String(MAX_RECORD_ID) }).success).toBe(true);
    expect(talentIdParamsSchema.safeParse({ id: String(MAX_RECORD_ID + 1) }).success).toBe(false);
    const credential = (issued_on: string) =>
      credentialBodySchema.safeParse({ name: '证书', issuer: '财政部', issued_on });
    expect(issue(credential('1899-12-31'), 'issued_on')).toBe(talentMessages.dateTooEarly);
    expect(issue(credential('1900-01-01'), 'issued_on')).toBeUndefined();
    expect(issue(credential('2020-02-30'), 'issued_on')).toBe(talentMessages.dateInvalid);
  });
});
