import type about from './locales/en/about.json';
import type auth from './locales/en/auth.json';
import type common from './locales/en/common.json';
import type estimate from './locales/en/estimate.json';
import type home from './locales/en/home.json';
import type landing from './locales/en/landing.json';
import type nav from './locales/en/nav.json';
import type payment from './locales/en/payment.json';
import type photos from './locales/en/photos.json';
import type request from './locales/en/request.json';
import type status from './locales/en/status.json';
import type survey from './locales/en/survey.json';

/**
 * The customer side's messages, one catalog per screen group and language
 * (`locales/<language>/<namespace>.json`, ICU MessageFormat, compiled at build time). A screen loads
 * its namespaces in the visitor's language only, alongside its code: the landing page carries neither
 * the other screens' words nor the other language. Every id starts with its namespace.
 */
export interface Catalogs {
  about: typeof about;
  auth: typeof auth;
  common: typeof common;
  estimate: typeof estimate;
  home: typeof home;
  landing: typeof landing;
  nav: typeof nav;
  payment: typeof payment;
  photos: typeof photos;
  request: typeof request;
  status: typeof status;
  survey: typeof survey;
}

export type Namespace = keyof Catalogs;
export type MessageId = { [N in Namespace]: keyof Catalogs[N] & string }[Namespace];
