/** The console's navigation: its label, the menu button, and each part's name (lib/console-parts.ts). */
import type { AdminPart } from '../../lib/console-parts'

export const nav = {
  label: 'Admin',
  menu: 'Menu',
  overview: 'Overview',
  content: 'Site copy',
  posts: 'Posts',
  landing: 'Landing pages',
  media: 'Media',
  redirects: 'Redirects',
  experiments: 'Experiments',
  settings: 'Viewer URL',
  leads: 'Leads',
  traffic: 'Traffic',
  speed: 'Speed',
  team: 'Team',
  activity: 'Activity',
  account: 'Your account',
  help: 'Help',
} satisfies Record<'label' | 'menu' | AdminPart, string>
