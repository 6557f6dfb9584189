import { and, eq, inArray, isNull } from 'drizzle-orm';
import { type AuthorizationTerms, authorizationReplacedNote } from '#domain/admin-notes.ts';
import { normalizeStatus } from '#domain/estimate-status.ts';
import { centsToDecimal, formatMoney, toCents } from '#domain/money.ts';
import {
  ALREADY_SIGNED,
  AUTHORIZATION_CLOSED,
  type Authorization,
  type AuthorizationRequest,
  type EstimateChoice,
  isSignable,
  limitBelowApproved,
  limitCents,
  NO_AUTHORIZATION,
  NOT_YET_APPROVED,
} from '#domain/repair-authorization.ts';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import {
  messages,
  type PhotoRow,
  photos,
  type RepairAuthorizationRow,
  repairAuthorizations,
  type UserRow,
} from '#server/db/schema.ts';
import { latestCheckIn } from '#server/features/check-ins/shared.ts';
import {
  cachedPdf,
  type DocumentSettings,
  loadRepairDocument,
  statutoryNotices,
} from '#server/features/documents/shared.ts';
import {
  consentPosition,
  findEstimateForUser,
  lockEstimateForUser,
} from '#server/features/estimates/shared.ts';
import { notifyNewMessage, recordStatedStorageIfUnrecorded } from '#server/features/notifications/shared.ts';
import { noteColumns } from '#server/i18n/note-text.ts';
import { renderAuthorizationPdf } from './authorization-pdf.ts';
import { decodeSignature } from './signature-image.ts';
import {
  checkInSnapshot,
  estimateSnapshot,
  type SignedContent,
  sealContent,
  sha256Hex,
  signedAtTheCounter,
} from './signed-content.ts';

export interface AuthorizationDeps {
  db: Db;
  store: ObjectStore;
  documents: DocumentSettings;
}

/**
 * POST /api/estimates/{id}/authorization: the customer signs the approved estimate, on their own
 * phone (their IP is kept) or on the counter's tablet while staff is signed in ("at the counter").
 * A second signature replaces the first only with a reason (409 otherwise); the first stays, marked
 * replaced, and a note in the conversation tells what changed and why (tellOfReplacement).
 */
export async function signAuthorization(
  deps: AuthorizationDeps,
  user: UserRow,
  estimateId: string,
  input: AuthorizationRequest,
  ip: string,
): Promise<RepairAuthorizationRow> {
  const { db } = deps;
  refuseUnsignable((await findEstimateForUser(db, estimateId, user)).status);
  const signature = await decodeSignature(input.signature);

  return db.transaction(async (tx) => {
    const estimate = await lockEstimateForUser(tx, estimateId, user);
    refuseUnsignable(estimate.status);
    // An estimate quoted before its storage terms were recorded states, signed, the rate it shows now.
    await recordStatedStorageIfUnrecorded(tx, estimate.id);
    // Read under the lock: what is signed is the estimate as it stands, not as it stood a moment ago.
    // One after the other: the transaction's one connection takes one query at a time.
    const document = await loadRepairDocument(tx, estimate.id, 'estimate', deps.documents);
    const checkIn = await latestCheckIn(tx, estimate.id);
    if (!document) throw new AppError('not_found', NO_AUTHORIZATION);
    const [current] = await tx
      .select({ id: repairAuthorizations.id, signedContent: repairAuthorizations.signedContent })
      .from(repairAuthorizations)
      .where(and(eq(repairAuthorizations.estimateId, estimateId), isNull(repairAuthorizations.replacedAt)));
    const reason = input.replaceReason || null;
    if (current && !reason) throw new AppError('conflict', ALREADY_SIGNED);

    const signedAt = new Date();
    const atCounter = user.isAdmin;
    const limit = input.estimateChoice === 'limit' ? limitCents(input.limitAmount ?? '') : null;
    const approvedCents = (await consentPosition(tx, estimate.id))?.approvedCents ?? 0;
    if (limit !== null && limit < approvedCents) {
      throw new AppError('bad_request', limitBelowApproved(formatMoney(approvedCents / 100)));
    }
    const content: SignedContent = {
      document: 'repair-authorization',
      version: 1,
      language: document.language,
      shop: { name: document.shop.name, registrationNumber: document.shop.registrationNumber ?? null },
      estimate: estimateSnapshot(estimate.id, document),
      signerName: input.signerName,
      estimateChoice: input.estimateChoice,
      limitAmount: limit === null ? null : centsToDecimal(limit),
      returnReplacedParts: input.returnReplacedParts,
      directionToPay: input.directionToPay ?? null,
      // The daily storage charge the written estimate states (F.S. 559.905(1)(n), decision 072).
      storageTerms: document.shop.storageDailyRate
        ? {
            dailyRate: document.shop.storageDailyRate,
            begins: 'the fourth business day after the ready notice',
          }
        : null,
      checkIn: checkInSnapshot(checkIn),
      notices: statutoryNotices(document).map((notice) => notice.english),
      signature: { sha256: sha256Hex(signature.png), width: signature.width, height: signature.height },
      signedAt: signedAt.toISOString(),
      signedWhere: atCounter ? signedAtTheCounter : ip,
      replaces: current && reason ? { id: current.id, reason } : null,
    };
    const sealed = sealContent(content);
    if (current) {
      await tx
        .update(repairAuthorizations)
        .set({ replacedAt: signedAt })
        .where(eq(repairAuthorizations.id, current.id));
    }
    const [row] = await tx
      .insert(repairAuthorizations)
      .values({
        estimateId,
        signerName: input.signerName,
        signaturePng: signature.png.toString('base64'),
        signedContent: sealed.text,
        contentHash: sealed.hash,
        signedBy: user.id,
        atCounter,
        ip: atCounter ? null : ip,
        signedAt,
        replaceReason: current ? reason : null,
      })
      .returning();
    if (!row) throw new Error('authorization insert returned nothing');
    if (current && reason) {
      const replaced = JSON.parse(current.signedContent) as SignedContent;
      await tellOfReplacement(tx, user, estimateId, termsOf(replaced), termsOf(content), reason);
    }
    return row;
  });
}

function termsOf(content: SignedContent): AuthorizationTerms {
  return {
    choice: content.estimateChoice as EstimateChoice,
    limit: content.limitAmount === null ? null : toCents(content.limitAmount),
    partsBack: content.returnReplacedParts,
  };
}

/**
 * A replaced authorisation is told in the conversation (what it chose, what it chooses now, why), in
 * the reader's language, with the usual new-message e-mail: the customer hears of a limit or a choice
 * changed at the counter, and the shop of one the customer changed.
 */
async function tellOfReplacement(
  tx: Db,
  by: UserRow,
  estimateId: string,
  before: AuthorizationTerms,
  after: AuthorizationTerms,
  reason: string,
): Promise<void> {
  const [note] = await tx
    .insert(messages)
    .values({
      estimateId,
      authorId: by.id,
      isFromAdmin: by.isAdmin,
      ...noteColumns(authorizationReplacedNote(before, after, reason)),
    })
    .returning({ id: messages.id });
  if (!note) throw new Error('message insert returned nothing');
  await notifyNewMessage(tx, note.id);
}

function refuseUnsignable(status: string): void {
  if (isSignable(status)) return;
  const normalized = normalizeStatus(status);
  if (normalized === 'pending' || normalized === 'quoted') throw new AppError('conflict', NOT_YET_APPROVED);
  throw new AppError('conflict', AUTHORIZATION_CLOSED);
}

/** The estimate's current authorisation, for its owner or the shop; 404 when it has none. */
export async function currentAuthorization(
  db: Db,
  viewer: UserRow,
  estimateId: string,
): Promise<RepairAuthorizationRow> {
  const estimate = await findEstimateForUser(db, estimateId, viewer);
  const [row] = await db
    .select()
    .from(repairAuthorizations)
    .where(and(eq(repairAuthorizations.estimateId, estimate.id), isNull(repairAuthorizations.replacedAt)));
  if (!row) throw new AppError('not_found', NO_AUTHORIZATION);
  return row;
}

export function presentAuthorization(row: RepairAuthorizationRow): Authorization {
  const content = JSON.parse(row.signedContent) as SignedContent;
  return {
    id: row.id,
    signerName: row.signerName,
    estimateChoice: content.estimateChoice as EstimateChoice,
    limitAmount: content.limitAmount,
    returnReplacedParts: content.returnReplacedParts,
    directionToPay: content.directionToPay,
    signedAt: row.signedAt.toISOString(),
    atCounter: row.atCounter,
    contentHash: row.contentHash,
    replaceReason: row.replaceReason,
  };
}

/** The check-in photos of a signed content, as stored (ready photos only), in the order signed. */
export async function checkInPhotoRows(
  db: Db,
  content: SignedContent,
): Promise<(PhotoRow & { angle: string })[]> {
  const shots = content.checkIn?.photos ?? [];
  if (shots.length === 0) return [];
  const rows = await db
    .select()
    .from(photos)
    .where(
      and(
        inArray(
          photos.id,
          shots.map((shot) => shot.photoId),
        ),
        eq(photos.status, 'ready'),
      ),
    );
  return shots.flatMap((shot) => {
    const row = rows.find((candidate) => candidate.id === shot.photoId);
    return row ? [{ ...row, angle: shot.angle }] : [];
  });
}

/**
 * GET /api/estimates/{id}/authorization.pdf: the current authorisation, printed (owner and staff). Drawn
 * on its first download and stored until it is replaced (decision 075's cache): what it prints is the
 * signed authorisation (its row and content hash), a replacement's reason, the shop's details and the
 * check-in photos found.
 */
export async function authorizationPdf(
  deps: AuthorizationDeps,
  viewer: UserRow,
  estimateId: string,
): Promise<Buffer> {
  const row = await currentAuthorization(deps.db, viewer, estimateId);
  const content = JSON.parse(row.signedContent) as SignedContent;
  const checkInPhotos = await checkInPhotoRows(deps.db, content);
  const printed = {
    authorizationId: row.id,
    contentHash: row.contentHash,
    replaceReason: row.replaceReason,
    shop: deps.documents.shop,
    photos: checkInPhotos.map((photo) => [photo.id, photo.objectKey, photo.angle]),
  };
  const { pdf } = await cachedPdf(
    deps.db,
    { estimateId, kind: 'authorization', language: content.language },
    printed,
    () =>
      renderAuthorizationPdf(
        {
          content,
          contentHash: row.contentHash,
          signaturePng: Buffer.from(row.signaturePng, 'base64'),
          replaceReason: row.replaceReason,
        },
        deps.documents.shop,
        deps.store,
        checkInPhotos,
      ),
  );
  return pdf;
}
