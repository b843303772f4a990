import { DEFAULT_LOCALE, locales } from '../../lib/locales'

/** The locales a translator works in (only a translator's are kept): a box per locale but the default. */
export function LocaleBoxes({
  id,
  checked = [],
  legend,
  names,
}: {
  id: string
  checked?: readonly string[]
  legend: string
  /** Each locale's name in the console's words. */
  names: Record<string, string>
}) {
  return (
    <fieldset className="role-locales">
      <legend>{legend}</legend>
      {locales()
        .filter((row) => row.code !== DEFAULT_LOCALE)
        .map((row) => (
          <label key={row.code} htmlFor={`${id}-locale-${row.code}`}>
            <input
              type="checkbox"
              id={`${id}-locale-${row.code}`}
              name="locales"
              value={row.code}
              defaultChecked={checked.includes(row.code)}
            />{' '}
            {names[row.code] ?? row.name}
          </label>
        ))}
    </fieldset>
  )
}
