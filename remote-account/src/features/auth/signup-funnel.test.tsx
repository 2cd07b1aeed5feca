import { recordFunnelSteps, serveApi, validToken } from '@hypertek/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { fillAndSubmit } from '../../test/forms';
import { renderAt } from '../../test/render';
import { makeUser } from '../../test/session';
import SigninPage from './signin-page';
import SignupPage from './signup-page';

const stepsSent = recordFunnelSteps();

const openSignup = () => renderAt('/signup', { '/signup': <SignupPage /> });

describe("the sign-up form's funnel steps", () => {
  it('sends nothing while the visitor only looks at the form', async () => {
    openSignup();
    await userEvent.setup().click(screen.getByRole('heading', { name: 'Create Account' }));
    expect(await stepsSent()).toEqual([]);
  });

  it('is signup-started at the first input, once however much is typed', async () => {
    openSignup();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'a');
    expect(await stepsSent()).toEqual(['signup-started']);
    await user.type(screen.getByLabelText('Password'), 'more and more');
    expect(await stepsSent()).toEqual(['signup-started']);
  });

  it('is signup-completed after a sign-up that succeeded', async () => {
    serveApi({
      'POST /user/signup': {
        status: 201,
        data: { success: true, user: makeUser(), token: validToken() },
      },
    });
    const { path } = openSignup();
    await fillAndSubmit(
      { Email: 'ada@example.com', Password: 'correct-horse', 'Confirm Password': 'correct-horse' },
      'Sign Up',
    );
    await waitFor(() => expect(path()).toBe('/'));
    expect(await stepsSent()).toEqual(['signup-started', 'signup-completed']);
  });

  it('is not signup-completed when the form is refused or the API says no', async () => {
    serveApi({ 'POST /user/signup': { status: 409, data: { message: 'User already exists' } } });
    openSignup();
    await fillAndSubmit({ Email: 'ada@', Password: 'correct-horse' }, 'Sign Up');
    await fillAndSubmit({ Email: 'example.com', 'Confirm Password': 'correct-horse' }, 'Sign Up');
    expect(await screen.findByRole('alert')).toHaveTextContent('User already exists');
    expect(await stepsSent()).toEqual(['signup-started']);
  });

  it('is not sent by the sign-in form', async () => {
    serveApi({
      'POST /user/login': {
        status: 200,
        data: { success: true, user: makeUser(), token: validToken() },
      },
    });
    const { path } = renderAt('/signin', { '/signin': <SigninPage /> });
    await fillAndSubmit({ Email: 'ada@example.com', Password: 'correct-horse' }, 'Sign In');
    await waitFor(() => expect(path()).not.toBe('/signin'));
    expect(await stepsSent()).toEqual([]);
  });
});
