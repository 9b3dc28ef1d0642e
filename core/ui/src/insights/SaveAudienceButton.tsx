import { Button, Tooltip } from '@blueprintjs/core';
import { AUDIENCE_DRAFT_STATE, audienceBuilderLink, HierarchyStoreToken, useService, type AudienceDraft, type BuilderReferer } from '@discovery/platform';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export interface SaveAudienceButtonProps {
  /** The feature the builder returns to (SHELL-023 referer: 'Grow', 'Overlap', 'Explore'). */
  referer: BuilderReferer;
  /** Where the builder's Save and Cancel go back to, inside the product context (e.g. 'insights/grow'). */
  returnUrl: string;
  /** The audience to save; built when clicked. */
  draft: () => AudienceDraft;
  /** Why saving is not possible now (shown as the tooltip); null when it is. */
  disabledReason?: string | null;
  testId?: string;
}

/**
 * 'Save Audience' of the insight screens (GROW-008/009, OVL): opens the audiences builder with
 * action=create, the referer and the returnUrl, handing the draft over in the router state the
 * builder reads. Disabled with a tooltip saying why.
 */
export function SaveAudienceButton(props: SaveAudienceButtonProps) {
  const { t } = useTranslation();
  const hierarchy = useService(HierarchyStoreToken);
  const navigate = useNavigate();
  const reason = props.disabledReason ?? null;
  const button = (
    <Button
      icon="floppy-disk"
      text={t('saveAudience')}
      disabled={reason !== null}
      aria-disabled={reason !== null}
      data-testid={props.testId ?? 'save-audience'}
      onClick={() =>
        navigate(audienceBuilderLink(hierarchy.selection, { action: 'create', referer: props.referer, returnUrl: props.returnUrl }), {
          state: { [AUDIENCE_DRAFT_STATE]: props.draft() },
        })
      }
    />
  );
  // A disabled button gets no pointer events: the tooltip sits on a wrapper that does.
  return reason ? (
    <Tooltip content={reason} placement="bottom">
      <span tabIndex={0} data-testid={`${props.testId ?? 'save-audience'}-reason`} aria-label={reason}>
        {button}
      </span>
    </Tooltip>
  ) : (
    button
  );
}
