/** /de/blog: die Beiträge (auf Englisch, so wie sie geschrieben sind), neueste zuerst. */
export const blogIndex = {
  meta: {
    title: 'Blog — XR Stores',
    description:
      'Ideen und Forschung zum immersiven Handel: XR-Stores, Einkaufen in 3D und AR, Storytelling und die Käufer des nächsten Jahrzehnts, vom Team von XR Stores.',
  },
  heading: 'Blog',
  lead: 'Ideen und Forschung zum immersiven Handel, neueste zuerst. Beiträge ohne deutsche Fassung erscheinen auf Englisch und sind so markiert.',
  feed: {
    title: 'XR Stores Blog',
    description: 'Ideen und Forschung zum immersiven Handel von XR Stores.',
  },
}
