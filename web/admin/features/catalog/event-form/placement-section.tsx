import { useTranslation } from 'react-i18next';
import { pickLocalized } from '../../../../../contract/lang.ts';
import { DisplayFields, PosterField } from '../event-extra-fields.tsx';
import { type SectionProps, num, optNum } from './model.ts';

/** Where the event shows: its address, kind, menus, venue and hall, tags, poster and listing order. */
export function PlacementSection({ form, field, idPrefix, sectionId, options, event, lang }: SectionProps) {
  const { t } = useTranslation('admin-catalog');
  const { register } = form;
  const menus = options.mainMenus.filter((m) => m.kindId === Number(event?.kindId));
  const subMenus = options.subMenus.filter((m) => m.mainMenuId === Number(event?.mainMenuId));
  const halls = options.halls.filter((h) => h.venueId === Number(event?.venueId));
  const name = (n: { name: { ru: string } }) => pickLocalized(n.name, lang);
  const hash = field('event.hash');
  return (
    <fieldset className="admin-card admin-catalog__grid" id={sectionId}>
      <legend>{t('form.placement')}</legend>
      <div className="admin-field">
        <label htmlFor={hash.attrs.id}>{t('form.hash')}</label>
        <input
          {...hash.attrs}
          {...register('event.hash')}
          aria-describedby={`${idPrefix}-hash-hint ${hash.attrs['aria-describedby'] ?? ''}`.trim()}
        />
        <p className="admin-field__hint" id={`${idPrefix}-hash-hint`}>
          {t('form.hashHint')}
        </p>
        {hash.message}
      </div>
      {(
        [
          ['kindId', options.kinds, false],
          ['mainMenuId', menus, true],
          ['subMenuId', subMenus, true],
          ['venueId', options.venues, false],
          ['hallId', halls, true],
        ] as const
      ).map(([key, list, optional]) => {
        const f = field(`event.${key}`);
        return (
          <div className="admin-field" key={key}>
            <label htmlFor={f.attrs.id}>{t(`form.${key}`)}</label>
            <select className="admin-select" {...f.attrs} {...register(`event.${key}`, optional ? optNum : num)}>
              {optional ? <option value="">{t('form.none')}</option> : null}
              {list.map((o) => (
                <option key={o.id} value={o.id}>
                  {name(o)}
                </option>
              ))}
            </select>
            {f.message}
          </div>
        );
      })}
      <fieldset className="admin-catalog__tags">
        <legend>{t('form.tags')}</legend>
        {options.tags.map((tag) => (
          <label className="admin-check" key={tag.id}>
            <input
              type="checkbox"
              checked={(event?.tagIds ?? []).includes(tag.id)}
              onChange={(e) => {
                const current = form.getValues('event.tagIds') ?? [];
                form.setValue('event.tagIds', e.currentTarget.checked ? [...current, tag.id] : current.filter((x) => x !== tag.id), {
                  shouldDirty: true,
                });
              }}
            />{' '}
            {name(tag)}
          </label>
        ))}
      </fieldset>
      <PosterField form={form} />
      <DisplayFields form={form} idPrefix={idPrefix} />
    </fieldset>
  );
}
