import type { FastifyInstance } from 'fastify';
import { formatMoney } from '@andes/domain/money';
import { formatCalendarDay, formatDateInZone } from '@andes/domain/dates';
import { CLAIMS_TIME_ZONE, type ClaimSheet } from '@andes/domain/claims';
import { simplePdf, wrapText } from '../../http/pdf.ts';
import type { ClaimRow } from './claims.repo.ts';

/** What the book keeps of a sheet besides the columns: the consumer's data and the places' names. */
export type StoredSheet = Omit<ClaimSheet, 'termsAccepted' | 'detail'> & { departmentName: string; provinceName: string; districtName: string };

/** The sheet as its PDF shows it (DOMAIN.md "Claims in Peru": every part of the book's sheet). */
export function sheetPdf(app: FastifyInstance, claim: ClaimRow): Buffer {
  const t = app.t;
  const s = claim.sheet as StoredSheet;
  const { provider } = app.config.claims;
  const documentLabel = (type: string) => t(`claims.field.documentType.${type}`);
  const lines = [
    t('claims.pdf.line.date', { date: formatDateInZone(claim.filedAt, CLAIMS_TIME_ZONE, 'long') }),
    t('claims.pdf.line.provider', { name: provider.name, ruc: provider.ruc }),
    t('claims.pdf.line.providerAddress', { address: provider.address }),
    '',
    t('claims.section.consumer'),
    t('claims.pdf.line.consumer', { name: s.name, documentType: documentLabel(s.documentType), documentNumber: s.documentNumber }),
    ...wrapText(t('claims.pdf.line.address', { address: s.address, district: s.districtName, province: s.provinceName, department: s.departmentName })),
    t('claims.pdf.line.contact', { phone: s.phone, email: s.email }),
    ...(s.minor ? [t('claims.pdf.line.guardian', { name: s.guardianName ?? '', document: s.guardianDocumentNumber ?? '' })] : []),
    '',
    t('claims.section.item'),
    ...wrapText(
      t('claims.pdf.line.item', { itemType: t(`claims.field.itemType.${s.itemType}`), description: s.itemDescription, amount: formatMoney(s.amount, 'PEN') }),
    ),
    '',
    t('claims.section.detail'),
    t('claims.pdf.line.kind', { kind: t(`claims.kind.${claim.kind}`) }),
    t('claims.pdf.line.detail'),
    ...wrapText(claim.detail),
    t('claims.pdf.line.request'),
    ...wrapText(s.request),
    '',
    t('claims.pdf.line.due', { date: formatCalendarDay(claim.dueOn, 'long') }),
  ];
  return simplePdf(t('claims.pdf.title', { code: claim.code }), lines);
}
