import {
  hasControlCharacters,
  hasLoneSurrogates,
  sanitizeFullName,
  shouldSearch,
  validateCardPayment,
  validateEmail,
  validateForgotPassword,
  validateFullName,
  validateLogin,
  validateNewPassword,
  validatePassword,
  validatePasswordsMatch,
  validatePurchase,
  validateResetPassword,
  validateSignup,
  validateTextCharacters,
} from './validation';

const INVALID_EMAIL = 'Please enter a valid email address';
const PASSWORD_LENGTH = 'Password must be between 8 and 20 characters';
const NO_MATCH = 'Passwords do not match';
const USER_ID_REQUIRED = 'User Id is required Please signin';
const PRODUCT_ID_REQUIRED = 'Product ID is  required'; // two spaces, as the product spells it
const CARD_IDS_REQUIRED = 'User ID and Payment ID are required';
const FULL_NAME_MAX = 'Maximum 30 characters allowed';
const NEW_PASSWORD_MISMATCH = 'New password and confirm password do not match';

const GOOD_EMAIL = 'ada@example.com';
const GOOD_PASSWORD = 'secret123';

describe('validateEmail', () => {
  it.each([
    'ada@example.com',
    'first.last+tag@sub.example.co.uk',
    'a@b.io',
    'UPPER@EXAMPLE.COM',
    'user_1-x@my-domain.org',
  ])('accepts %p', (email) => {
    expect(validateEmail(email)).toBeNull();
  });

  it.each([
    '',
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'ada example@example.com',
    'ada@exa mple.com',
    'ada@@example.com',
    'ada@example.com ',
    ' ada@example.com',
    `${'a'.repeat(250)}@example.com`,
  ])('refuses %p with the product message', (email) => {
    expect(validateEmail(email)).toBe(INVALID_EMAIL);
  });

  it.each([undefined, null, 42, {}])('refuses the non-string %p', (email) => {
    expect(validateEmail(email)).toBe(INVALID_EMAIL);
  });
});

describe('validatePassword: 8 to 20 characters', () => {
  it.each([
    [7, PASSWORD_LENGTH],
    [8, null],
    [14, null],
    [20, null],
    [21, PASSWORD_LENGTH],
    [0, PASSWORD_LENGTH],
  ])('a password of %i characters gives %p', (length, expected) => {
    expect(validatePassword('x'.repeat(length))).toBe(expected);
  });

  it.each([undefined, null, 12345678])('refuses the non-string %p', (password) => {
    expect(validatePassword(password)).toBe(PASSWORD_LENGTH);
  });
});

describe('validatePasswordsMatch', () => {
  it('accepts equal passwords', () => {
    expect(validatePasswordsMatch(GOOD_PASSWORD, GOOD_PASSWORD)).toBeNull();
  });

  it.each([
    [GOOD_PASSWORD, 'secret124'],
    [GOOD_PASSWORD, 'Secret123'],
    [GOOD_PASSWORD, ''],
    [GOOD_PASSWORD, undefined],
  ])('refuses %p vs %p', (password, confirm) => {
    expect(validatePasswordsMatch(password, confirm)).toBe(NO_MATCH);
  });
});

describe('composite form validators return the first failing message in order', () => {
  it.each([
    [{ Email: GOOD_EMAIL, Password: GOOD_PASSWORD, ConfirmPassword: GOOD_PASSWORD }, null],
    [{ Email: 'bad', Password: 'short', ConfirmPassword: 'other' }, INVALID_EMAIL],
    [{ Email: GOOD_EMAIL, Password: 'short', ConfirmPassword: 'other' }, PASSWORD_LENGTH],
    [{ Email: GOOD_EMAIL, Password: GOOD_PASSWORD, ConfirmPassword: 'secret12' }, NO_MATCH],
    [{}, INVALID_EMAIL],
  ])('validateSignup(%p) → %p', (payload, expected) => {
    expect(validateSignup(payload)).toBe(expected);
  });

  it.each([
    [{ Email: GOOD_EMAIL, Password: GOOD_PASSWORD }, null],
    [{ Email: 'bad', Password: 'short' }, INVALID_EMAIL],
    [{ Email: GOOD_EMAIL, Password: 'x'.repeat(21) }, PASSWORD_LENGTH],
    [{ Email: GOOD_EMAIL }, PASSWORD_LENGTH],
  ])('validateLogin(%p) → %p', (payload, expected) => {
    expect(validateLogin(payload)).toBe(expected);
  });

  it.each([
    [{ Email: GOOD_EMAIL }, null],
    [{ Email: 'nope' }, INVALID_EMAIL],
    [{}, INVALID_EMAIL],
  ])('validateForgotPassword(%p) → %p', (payload, expected) => {
    expect(validateForgotPassword(payload)).toBe(expected);
  });

  it.each([
    [{ Password: GOOD_PASSWORD, ConfirmPassword: GOOD_PASSWORD }, null],
    [{ Password: 'short', ConfirmPassword: 'different' }, PASSWORD_LENGTH],
    [{ Password: GOOD_PASSWORD, ConfirmPassword: 'different' }, NO_MATCH],
    [{ ConfirmPassword: GOOD_PASSWORD }, PASSWORD_LENGTH],
  ])('validateResetPassword(%p) → %p', (payload, expected) => {
    expect(validateResetPassword(payload)).toBe(expected);
  });
});

describe('validatePurchase', () => {
  it('passes with a user id and a product id', () => {
    expect(validatePurchase({ userId: 'u1', productId: 'p1' })).toBeNull();
  });

  it.each([undefined, null, '', '   '])(
    'asks to sign in first when the user id is %p, even without a product id',
    (userId) => {
      expect(validatePurchase({ userId, productId: undefined })).toBe(USER_ID_REQUIRED);
      expect(validatePurchase({ userId, productId: 'p1' })).toBe(USER_ID_REQUIRED);
    },
  );

  it.each([undefined, null, '', ' \t '])('asks for the product when its id is %p', (productId) => {
    expect(validatePurchase({ userId: 'u1', productId })).toBe(PRODUCT_ID_REQUIRED);
  });

  it('spells the product message with two spaces', () => {
    expect(validatePurchase({ userId: 'u1' })).toBe('Product ID is' + '  ' + 'required');
  });
});

describe('validateCardPayment', () => {
  it('passes with both ids', () => {
    expect(validateCardPayment({ userId: 'u1', paymentMethodId: 'pm_1' })).toBeNull();
  });

  it.each([
    [{ paymentMethodId: 'pm_1' }],
    [{ userId: 'u1' }],
    [{ userId: ' ', paymentMethodId: 'pm_1' }],
    [{ userId: 'u1', paymentMethodId: '' }],
    [{}],
  ])('refuses %p with the card path message', (payload) => {
    expect(validateCardPayment(payload)).toBe(CARD_IDS_REQUIRED);
  });
});

describe('sanitizeFullName', () => {
  it.each([
    ['Ada Lovelace', 'Ada Lovelace'],
    ['José Müller Ñúñez', 'José Müller Ñúñez'],
    ['Zoë Øberg-Åsa', 'Zoë ØbergÅsa'],
    ['R2-D2 the 3rd!', 'RD the rd'],
    ['ada@example.com', 'adaexamplecom'],
    ['  two  spaces ', '  two  spaces '],
    ['', ''],
  ])('keeps only letters and spaces: %p → %p', (input, value) => {
    expect(sanitizeFullName(input)).toEqual({ value, message: null });
  });

  it.each([
    ['Jose\u0301', 'José typed as e + combining acute'],
    ['प्रिया', 'Devanagari with a virama and vowel signs'],
  ])('keeps letters with their combining marks: %p (%s)', (name) => {
    expect(sanitizeFullName(name)).toEqual({ value: name, message: null });
    expect(validateFullName(name)).toBeNull();
  });

  it('shows no message under 30 characters', () => {
    expect(sanitizeFullName('a'.repeat(29))).toEqual({ value: 'a'.repeat(29), message: null });
  });

  it("shows 'Maximum 30 characters allowed' at exactly 30", () => {
    expect(sanitizeFullName('a'.repeat(30))).toEqual({
      value: 'a'.repeat(30),
      message: FULL_NAME_MAX,
    });
  });

  it('cuts longer input at 30 characters', () => {
    expect(sanitizeFullName('b'.repeat(45))).toEqual({
      value: 'b'.repeat(30),
      message: FULL_NAME_MAX,
    });
  });

  it('counts only the kept characters towards the limit', () => {
    const input = `${'c'.repeat(29)}12345`;
    expect(sanitizeFullName(input)).toEqual({ value: 'c'.repeat(29), message: null });
  });
});

describe('validateFullName', () => {
  it.each(['Ada Lovelace', 'José Müller', '', 'a'.repeat(30)])('accepts %p', (name) => {
    expect(validateFullName(name)).toBeNull();
  });

  it('refuses more than 30 characters with the product message', () => {
    expect(validateFullName('a'.repeat(31))).toBe(FULL_NAME_MAX);
  });

  it.each(['Ada 2', 'Ada!', 'ada@example.com'])('refuses the non-letter input %p', (name) => {
    expect(validateFullName(name)).toBe('Full name may contain letters and spaces only');
  });

  it.each([undefined, null, 42])('refuses the non-string %p', (name) => {
    expect(validateFullName(name)).toBe(FULL_NAME_MAX);
  });
});

describe('validateNewPassword', () => {
  it('passes when no new password is entered', () => {
    expect(validateNewPassword('', '')).toBeNull();
  });

  it('passes a matching password of valid length', () => {
    expect(validateNewPassword(GOOD_PASSWORD, GOOD_PASSWORD)).toBeNull();
  });

  it.each([
    [GOOD_PASSWORD, 'secret124'],
    [GOOD_PASSWORD, ''],
    ['', GOOD_PASSWORD],
    ['short', 'other'],
  ])('refuses %p vs %p with the edit-profile message', (password, confirm) => {
    expect(validateNewPassword(password, confirm)).toBe(NEW_PASSWORD_MISMATCH);
  });

  it.each([
    ['x'.repeat(7), PASSWORD_LENGTH],
    ['x'.repeat(8), null],
    ['x'.repeat(20), null],
    ['x'.repeat(21), PASSWORD_LENGTH],
  ])('applies the length rule to a matching %p', (password, expected) => {
    expect(validateNewPassword(password, password)).toBe(expected);
  });
});

describe('shouldSearch: text longer than 1 character', () => {
  it.each([
    ['', false],
    ['a', false],
    ['ab', true],
    ['monkey ape', true],
    ['  ', false],
    [' a ', false],
  ])('%p → %p', (text, expected) => {
    expect(shouldSearch(text)).toBe(expected);
  });
});

describe('characters that are not allowed', () => {
  it.each(['a\u0000b', 'tab\there', 'line\nbreak', 'bell\u0007', 'del\u007f', 'cr\r'])(
    'refuses control characters in single-line text: %j',
    (text) => {
      expect(hasControlCharacters(text)).toBe(true);
      expect(validateTextCharacters('Email', text)).toBe(
        'Email contains characters that are not allowed',
      );
    },
  );

  it('allows tab and line breaks in multi-line text, never NUL or DEL', () => {
    expect(validateTextCharacters('Bio', 'one\ntwo\r\n\tthree', { multiline: true })).toBeNull();
    expect(validateTextCharacters('Bio', 'nul\u0000', { multiline: true })).toBe(
      'Bio contains characters that are not allowed',
    );
    expect(hasControlCharacters('del\u007f', { multiline: true })).toBe(true);
  });

  it('refuses lone surrogates and accepts paired ones (emoji) and other scripts', () => {
    expect(hasLoneSurrogates('x\uD800')).toBe(true);
    expect(hasLoneSurrogates('\uDC00x')).toBe(true);
    expect(validateTextCharacters('query', 'rocket \uD83D\uDE80 ракета 火箭 é')).toBeNull();
  });

  it('the email check names the characters before the format', () => {
    expect(validateEmail('ada\u0000@example.com')).toBe(
      'Email contains characters that are not allowed',
    );
    expect(validateForgotPassword({ Email: 'ada@example.com\uD800' })).toBe(
      'Email contains characters that are not allowed',
    );
  });
});
