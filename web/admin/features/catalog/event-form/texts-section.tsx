import { Controller, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../../../contract/lang.ts';
import { errorAt } from '../../../components/form-paths.tsx';
import { HtmlEditor } from '../../../components/html-editor.tsx';
import { TextTabs } from '../text-tabs.tsx';
import type { FormInput, SectionProps } from './model.ts';

const TEXT_FIELDS = ['name', 'description', 'note', 'notice', 'location'] as const;

/** The event's texts, a tab a language: name, note, notice, place and the formatted description. */
export function TextsSection({ form, field, idPrefix, sectionId, tab, onTab }: SectionProps & { tab: Lang; onTab: (lang: Lang) => void }) {
  const { t } = useTranslation('admin-catalog');
  const { register, control, formState } = form;
  return (
    <TextTabs
      id={sectionId}
      idPrefix={idPrefix}
      tab={tab}
      onTab={onTab}
      flagged={(l) => TEXT_FIELDS.some((f) => errorAt(formState.errors, `event.${f}.${l}`) !== undefined)}
      panel={(l) => (
        <>
          {(['name', 'note', 'notice', 'location'] as const).map((key) => {
            const f = field(`event.${key}.${l}`);
            return (
              <div className="admin-field" key={key}>
                <label htmlFor={f.attrs.id}>
                  {t(`form.${key}`)}
                  {key === 'name' && l === 'ru' ? ` ${t('form.required')}` : ''}
                </label>
                <input {...f.attrs} {...register(`event.${key}.${l}` as Path<FormInput>)} />
                {f.message}
              </div>
            );
          })}
          <Controller
            control={control}
            name={`event.description.${l}` as Path<FormInput>}
            render={({ field: c }) => (
              <HtmlEditor
                id={`${idPrefix}-description-${l}`}
                label={t('form.description')}
                value={typeof c.value === 'string' ? c.value : ''}
                onChange={c.onChange}
              />
            )}
          />
        </>
      )}
    />
  );
}
