/** What the pickup and the survey need besides the database: set once by buildApp from the configuration. */
export interface SurveySettings {
  /** Signs the survey links (the session secret, under a purpose of the survey's own). */
  secret: string;
  /** The app's public address: survey links point here. */
  appUrl: string;
  shopName: string;
  /** SURVEY_DELAY_HOURS. */
  delayHours: number;
  /** GOOGLE_REVIEW_URL, or null: then the thank-you page offers no review link. */
  googleReviewUrl: string | null;
}
