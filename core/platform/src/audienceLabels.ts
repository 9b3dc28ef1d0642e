export interface AudienceLabelInput {
  type?: string;
  audience_type?: string | null;
  source_identifier?: string | null;
}

/**
 * SHELL-108: a row of audience_type 'pve' reads 'Optimized Audience'; a row with a
 * source_identifier reads 'Shared'; otherwise its type (audience or lookalike). Returns the
 * i18n key (namespace core) so every list says it the same way.
 */
export function audienceTypeLabelKey(a: AudienceLabelInput): string {
  if (a.audience_type === 'pve') return 'audienceType.optimized';
  if (a.source_identifier) return 'audienceType.shared';
  return a.type === 'lookalike' ? 'audienceType.lookalike' : 'audienceType.audience';
}
