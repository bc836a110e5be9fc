/** Password reset by e-mail (document 3 sections 4, 5, 7). */
import { Joi } from './joi.js';
import { PASSWORD_MAX } from '../domain/constants.js';
import { RESET_CODE_DIGITS, RESET_PASSWORD_MIN } from '../domain/passwordReset.js';
import { email } from './common.js';

/** At least 8 characters with a digit, a lower-case and an upper-case letter. */
export const resetPassword = Joi.string()
  .min(RESET_PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .pattern(/\d/, 'digit')
  .pattern(/\p{Ll}/u, 'lowercase')
  .pattern(/\p{Lu}/u, 'uppercase');

export const resetCode = Joi.string().pattern(new RegExp(`^\\d{${RESET_CODE_DIGITS}}$`));

/** POST /forgetpassword/{email} */
export const forgetPasswordParams = Joi.object({ email: email.required() });

const resetFields = {
  email: email.required(),
  token: resetCode.required(),
  newPassword: resetPassword.required(),
};

/** POST /resetpasswords: the code and the new password in the body, out of every URL and log. */
export const resetPasswordPayload = Joi.object(resetFields);

/** POST /resetpasswords/{email}/{token}/{newPassword}: document 3's form, kept for its clients. */
export const resetPasswordParams = Joi.object(resetFields);

/** The page's two steps. */
export const forgetPasswordFormSchema = Joi.object({ email: email.required() });
export const resetPasswordFormSchema = Joi.object({
  email: email.required(),
  token: resetCode.required(),
  newPassword: resetPassword.required(),
  confirmPassword: Joi.string().required().valid(Joi.ref('newPassword')),
});
