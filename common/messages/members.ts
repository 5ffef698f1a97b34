/** Sign up, log in, OTP, password reset and the referral check of sign up. */

/** Field validation of the public forms (SPEC section 5). */
export const MEMBER_VALIDATION = {
  emailInvalid: 'Email is invalid.',
  emailRequired: 'Email is required.',
  emailMax: 'Email must be at most 42 characters long',
  passwordRequired: 'Password is required.',
  passwordMin: 'Password must be at least 6 characters long',
  passwordMax: 'Password must be at most 42 characters long',
  confirmPasswordRequired: 'Confirm Password is required.',
  passwordsMustMatch: 'Passwords must match',
  usernameRequired: 'Username is required.',
  usernameMax: 'Username must be at most 20 characters long',
  contactNoRequired: 'Contact No is required.',
  referralIdLength: 'Referral ID must be exactly 6 characters.',
  referralIdInvalid: 'Please enter a valid referral ID.',
  otpLength: 'OTP must be exactly 6 digits.',
  otpRequired: 'OTP is required.',
  contactNoMax: 'Contact No must be at most 20 characters long',
  /** Issue 23: a contact number is a phone number (SPEC quotes no message for it). */
  contactNoPhone: 'Contact No must be a phone number of 7 to 15 digits (an optional leading +, spaces and dashes allowed).',
  /** verify-otp without the sign up's password: it is asked for, and nothing is cancelled. */
  otpPasswordRequired: 'Please enter the password you signed up with.',
} as const;

/** What the server answers to sign up, OTP, log in, log out and password reset. */
export const MEMBER_SERVER = {
  userExists: 'User already exists',
  invalidEmail: 'Invalid email address. Please check your email and try again.',
  userNotFound: 'User not found',
  invalidCredentials: 'Invalid email or password',
  sponsorWithoutSubscription: "You can't join through this user as subscription not purchased by sponsor",
  referralNotFound: 'No user found with this referral ID.',
  referralValid: 'Valid referral ID',
  referralRequired: 'A referral ID is required to sign up.',
  otpSent: 'OTP sent to your email.',
  otpInvalid: 'Invalid OTP. Please try again.',
  otpExpired: 'The OTP has expired. Please request a new one.',
  otpResent: 'OTP resent successfully.',
  otpBurned: 'Too many wrong codes. Please request a new OTP.',
  noPendingSignup: 'No pending sign up for this email. Please sign up again.',
  /** Another sign up for the address is still waiting for its code; it is kept until it expires. */
  signupPending: (minutes: number) =>
    `A sign up for this email is already waiting for its verification code. Enter the code sent to this email, or sign up again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  /** The right code, sent for a sign up someone started with another password: it is cancelled. */
  signupPasswordMismatch:
    'This code belongs to a sign up started with a different password, so it has been cancelled. Please sign up again.',
  otpResendTooSoon: (seconds: number) =>
    `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before requesting a new OTP.`,
  otpDailyLimit: 'Too many codes have been sent to this email today. Please try again tomorrow.',
  loginDelayed: (minutes: number) =>
    `Too many failed sign-in attempts for this account. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, or reset your password.`,
  resetLinkSent: 'Password reset link sent to your email.',
  resetTokenInvalid: 'This reset link is invalid or has expired.',
  passwordReset: 'Password Reset successfully.',
  loggedOut: 'Logged out',
  /** RESET_MAIL_HOURLY_MAX reset mails went to the address within the hour, from any client. */
  resetMailHourlyLimit: 'Too many password reset links have been sent to this email. Please try again later.',
} as const;

/** Toasts of the public screens (SPEC section 8). */
export const MEMBER_UI = {
  loginFailed: 'Login failed. Please try again.',
  emailRegistered: 'This email is already registered. Please log in.',
  signupFailed: 'Signup failed. Please try again.',
  otpSent: 'OTP sent to your email.',
  referralSettingsError: 'Error fetching referral settings.',
  referralNotFound: 'No user found with this referral ID.',
  referralCheckError: 'Error checking referral ID. Please try again.',
  otpInvalid: 'Invalid OTP. Please try again.',
  otpVerifyFailed: 'Failed to verify OTP. Please try again.',
  otpVerified: 'OTP verified successfully.',
  otpVerifiedShort: 'OTP verified.',
  otpResent: 'OTP resent successfully.',
  otpResendFailed: 'Failed to resend OTP. Please try again.',
  forgotUserNotFound: 'User not found. Please check your email and try again.',
  forgotFailed: 'Failed to send reset link. Please try again.',
  resetLinkSent: 'Password reset link sent to your email.',
  passwordReset: 'Password Reset successfully.',
  resetFailed: 'Failed to reset password. Please try again.',
} as const;

/** Field labels and buttons of the public screens. */
export const MEMBER_LABELS = {
  email: 'Email',
  password: 'Password',
  logIn: 'LogIn',
  noAccount: "Don't have an account?",
  signUpLink: 'Sign Up',
  /** SPEC fixes the field's message as 'Username is required.', so the label names it the same way. */
  username: 'Username',
  contactNo: 'Contact Number',
  referralId: 'Referral ID',
  signUp: 'Sign Up',
  haveAccount: 'Already have an account?',
  signInLink: 'Sign In',
  sponsor: (username: string) => `Sponsor: ${username}`,
  otp: 'OTP',
  otpSentTo: (email: string) => `Enter the 6-digit code sent to ${email}.`,
  verifyOtp: 'Verify OTP',
  verifying: 'Verifying...',
  resendOtp: 'Resend OTP',
  resendOtpIn: (seconds: number) => `Resend OTP in ${seconds}s`,
  noPendingSignup: 'No sign up in progress. Start by creating your account.',
  backToSignup: 'Back to Sign Up',
  sendResetLink: 'Send Reset Link',
  sendingResetLink: 'Sending...',
  backToSignIn: 'Back to Sign In',
  newPassword: 'New Password',
  confirmPassword: 'Confirm Password',
  resetPassword: 'Reset Password',
  resetting: 'Resetting...',
} as const;
