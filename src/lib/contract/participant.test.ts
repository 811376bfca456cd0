import { participantJoinPayload } from './participant';

// Play's FORM_BASED join: the fields a phone sends with the join code, refused with DRF's words.

const join = { join_code: '0427', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', mobile: '+44 20 7946 0958' };

function messages(payload: Record<string, unknown>): Record<string, string[]> {
  const result = participantJoinPayload.safeParse(payload);
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (errors[String(issue.path[0])] ??= []).push(issue.message);
  return errors;
}

describe('participantJoinPayload', () => {
  it('takes a join code with the four form fields, trimmed', () => {
    expect(participantJoinPayload.parse({ ...join, first_name: '  Ada ' })).toEqual(join);
  });

  it('refuses a wrong code, blank or huge names, a bad email and a bad mobile', () => {
    expect(messages({ join_code: '12345', first_name: ' ', last_name: 'x'.repeat(151), email: 'ada@', mobile: 'call me' })).toEqual({
      join_code: ['Enter a join code of 1 to 4 digits.'],
      first_name: ['This field may not be blank.'],
      last_name: ['Ensure this field has no more than 150 characters.'],
      email: ['Enter a valid email address.'],
      mobile: ['Enter a valid mobile number.'],
    });
  });
});

describe('participantJoinPayload names', () => {
  it('removes bidi overrides and invisible characters, and refuses a name of nothing else', () => {
    expect(participantJoinPayload.parse({ ...join, first_name: '\u202Egnp.exe\u200B', last_name: 'Love\u2060lace' })).toMatchObject({
      first_name: 'gnp.exe',
      last_name: 'Lovelace',
    });
    expect(messages({ ...join, first_name: '\u200B\u200D\u3164' })).toEqual({ first_name: ['This field may not be blank.'] });
  });
});
