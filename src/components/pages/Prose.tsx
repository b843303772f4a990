import type { ProseSection } from '../../schemas/pages'
import { pageStyles } from './styles'

/** Headed sections of running text: a string is a paragraph, an array a bulleted list. */
export function Prose({ sections }: { sections: ProseSection[] }) {
  return (
    <>
      {sections.map((section) => (
        <section key={section.heading} className="mt-10">
          <h2 className="text-2xl font-semibold text-white">{section.heading}</h2>
          {section.blocks.map((block, index) =>
            typeof block === 'string' ? (
              <p key={index} className={`mt-4 ${pageStyles.body}`}>
                {block}
              </p>
            ) : (
              <ul key={index} className={`mt-4 list-disc space-y-2 pl-6 ${pageStyles.body}`}>
                {block.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
    </>
  )
}
