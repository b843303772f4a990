import type { ProseSection } from '../../schemas/pages'

/** Headed sections of running text: a string is a paragraph, an array a bulleted list. */
export function Prose({ sections }: { sections: ProseSection[] }) {
  return (
    <>
      {sections.map((section) => (
        <section key={section.heading} className="prose-section">
          <h2>{section.heading}</h2>
          {section.blocks.map((block, index) =>
            typeof block === 'string' ? (
              <p key={index} className="page-text">
                {block}
              </p>
            ) : (
              <ul key={index} className="page-text">
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
