import { Classes, Icon, Tag, type TagProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * A tag with a remove button named after what it removes ('Remove Female'). Blueprint's own
 * `onRemove` button is named 'Remove tag' in English whatever the language (the pseudo-locale walk
 * found it on the filter bars, issue 27 §5), and that name does not say which tag.
 */
export function RemovableTag({
  name,
  onRemove,
  children,
  ...props
}: Omit<TagProps, 'onRemove' | 'endIcon' | 'rightIcon'> & { name: string; onRemove(): void }) {
  const { t } = useTranslation();
  return (
    <Tag
      {...props}
      endIcon={
        <button type="button" className={Classes.TAG_REMOVE} aria-label={t('filters.remove', { name })} onClick={onRemove}>
          <Icon icon="small-cross" />
        </button>
      }
    >
      {children}
    </Tag>
  );
}
