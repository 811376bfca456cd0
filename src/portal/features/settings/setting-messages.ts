/** The specification's message for a failed settings update (the business settings and the social sign-in provider). */
export const SETTINGS_FAILED_MESSAGE = 'There was an error!';
