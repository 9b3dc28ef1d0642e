import { AnchorButton, Tooltip } from '@blueprintjs/core';
import { HierarchyStoreToken, useService } from '@discovery/platform';
import { VisuallyHidden } from '@discovery/ui';
import { AUDIENCE_DRAFT_STATE, audienceBuilderLink, type AudienceDraft, type BuilderReferer } from '../../common';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export interface SaveAudienceButtonProps {
  /** 'Save Audience' unless the screen says otherwise. */
  text?: string;
  /** The draft the builder opens with; null while the button is disabled. */
  draft: () => AudienceDraft | null;
  /** Why it is disabled (the spec's tooltip), or null when enabled. */
  disabledReason?: string | null;
  /** SHELL-023 names Explore, Grow and Overlap; another screen (Journeys) sends none. */
  referer?: BuilderReferer;
  /** The screen's path inside the product context that the builder returns to (e.g. 'insights/overlap/12'). */
  returnUrl: string;
  testId?: string;
}

/**
 * 'Save Audience' of the insight screens (Overlap OVL-029..031, Grow): the builder opens with the
 * screen's draft (in the location state, SHELL-023) and referer and return address in the query.
 * Whether the button shows at all is the screen's permission rule. Disabled, it says why: in a
 * tooltip on hover (an AnchorButton keeps pointer events when disabled) and, for screen readers, in
 * a description (`<testId>-reason`).
 */
export const SaveAudienceButton = observer(function SaveAudienceButton({
  text,
  draft,
  disabledReason = null,
  referer,
  returnUrl,
  testId,
}: SaveAudienceButtonProps) {
  const { t } = useTranslation();
  const hierarchy = useService(HierarchyStoreToken);
  const navigate = useNavigate();
  const id = testId ?? 'save-audience';
  const reasonId = useId();
  const button = (
    <AnchorButton
      icon="floppy-disk"
      text={text ?? t('saveAudience')}
      intent="primary"
      disabled={disabledReason !== null}
      data-testid={id}
      aria-describedby={disabledReason ? reasonId : undefined}
      onClick={() => {
        const d = draft();
        if (d) navigate(audienceBuilderLink(hierarchy.selection, { action: 'create', referer, returnUrl }), { state: { [AUDIENCE_DRAFT_STATE]: d } });
      }}
    />
  );
  return disabledReason ? (
    <>
      <Tooltip content={disabledReason}>{button}</Tooltip>
      <VisuallyHidden id={reasonId} data-testid={`${id}-reason`}>
        {disabledReason}
      </VisuallyHidden>
    </>
  ) : (
    button
  );
});
