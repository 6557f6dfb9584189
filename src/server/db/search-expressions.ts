import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { phoneSearchDigits } from '#domain/phone.ts';
import { containsPattern } from './contains-pattern.ts';

/**
 * The text staff search in, one expression per table, used twice: by schema.ts to build the trigram
 * index on it and by the services that search (decision 074). PostgreSQL uses an expression index
 * only for the very same expression, so both sides call these functions and nobody copies the text.
 *
 * Only IMMUTABLE pieces may go in an index: `||` and coalesce, never concat_ws (STABLE). Fields are
 * joined with chr(31), a separator nobody types, so a match never spans two fields; the year, make
 * and model are joined with spaces, as a person writes them ("2019 honda civic").
 */

type Column = AnyPgColumn | SQL;

const part = (column: Column) => sql`coalesce(${column}, '')`;
/** Nulls leave no space behind: "Honda Civic" without a year, "2019 Honda Civic" with one. */
const spaced = (column: Column) => sql`coalesce(${column} || ' ', '')`;

/**
 * A customer's name ("Ana Lima": first, last and both), e-mail and phone, as typed and as its digits
 * alone: phones are stored as the customer typed them, and staff search by the digits
 * (`phoneSearchDigits`) whatever the spelling.
 */
export function customerSearchText(users: {
  firstName: Column;
  lastName: Column;
  email: Column;
  phone: Column;
}): SQL {
  const phoneDigits = sql`regexp_replace(${part(users.phone)}, '[^0-9]', '', 'g')`;
  return sql`(${spaced(users.firstName)} || ${part(users.lastName)} || chr(31) || ${part(users.email)} || chr(31) || ${part(users.phone)} || chr(31) || ${phoneDigits})`;
}

/** A vehicle's plate (stored normalised), year make model, and VIN. */
export function vehicleSearchText(vehicles: {
  licensePlate: Column;
  year: Column;
  make: Column;
  model: Column;
  vin: Column;
}): SQL {
  return sql`(${part(vehicles.licensePlate)} || chr(31) || ${spaced(sql`${vehicles.year}::text`)} || ${spaced(vehicles.make)} || ${part(vehicles.model)} || chr(31) || ${part(vehicles.vin)})`;
}

/** What an estimate says itself: the insurer and the damage description. */
export function estimateSearchText(estimates: { insuranceCompany: Column; damageDescription: Column }): SQL {
  return sql`(${part(estimates.insuranceCompany)} || chr(31) || ${part(estimates.damageDescription)})`;
}

/**
 * ILIKE patterns for a customer search: the text as typed, and its digits when it is a phone number
 * typed another way than it is stored.
 */
export function customerSearchPatterns(text: string): string[] {
  const digits = phoneSearchDigits(text);
  return digits && digits !== text
    ? [containsPattern(text), containsPattern(digits)]
    : [containsPattern(text)];
}

/** The operator class that lets a GIN index answer ILIKE '%text%' (the pg_trgm extension). */
export const trigramIndexed = (expression: SQL): SQL => sql`${expression} gin_trgm_ops`;
