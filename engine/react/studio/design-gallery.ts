// The design vocabulary shown together: each layout widget as a screen would declare it. The texts
// are written out (a text without a message under its key shows as it is written), so the gallery
// needs no product messages; the icons are ones the screens name (only those are in the icon module).
import type { WidgetNodeConfig } from '../app/config-types.ts';

/** The gallery's nodes; its links lead to `home` (a link shows only when it leads to a page of the portal). */
export function designGallery(home: string): WidgetNodeConfig[] {
  return [
    {
      widget: 'page-header', title: 'Design vocabulary',
      description: 'A page header: its trail, its title, what the page is for and its actions in one row.',
      breadcrumb: { label: 'Breadcrumb', items: [{ text: 'Home', to: home }, { text: 'Design vocabulary' }] },
      secondary: [{ widget: 'link', text: 'Secondary action', to: home }],
      primary: { widget: 'link', text: 'Main action', to: home, variant: 'solid' },
    },
    {
      widget: 'banner',
      children: [{ widget: 'heading', level: 2, text: 'A banner: the head of a page that introduces a place' }],
      actions: [{ widget: 'link', text: 'Main action', to: home, variant: 'solid' }, { widget: 'link', text: 'Other action', to: home, variant: 'outline' }],
    },
    { widget: 'text', text: 'Cards in columns: one column on a phone, two from 900 px, three from 1280 px.' },
    {
      widget: 'columns', columns: { base: 1, md: 2, lg: 3 },
      children: [
        {
          widget: 'card', title: 'Summary', icon: 'wallet',
          children: [
            { widget: 'status-badge', value: 'current', statuses: { current: { tone: 'success', text: 'Complete' } } },
            { widget: 'description-list', items: [
              { label: 'Total', value: 0 }, { label: 'Next date', value: 'June 1' },
              { label: 'Reference', value: 'A-1024' }, { label: 'Kind', value: 'Standard' },
            ] },
          ],
          actions: [{ widget: 'link', text: 'See the details', to: home }],
        },
        {
          widget: 'card', title: 'Tasks', icon: 'list-checks',
          children: [
            { widget: 'stack', direction: 'row', children: [
              { widget: 'status-badge', value: 'a', statuses: { a: { tone: 'info', text: 'Open' } } },
              { widget: 'status-badge', value: 'b', statuses: { b: { tone: 'warning', text: 'Due soon' } } },
              { widget: 'status-badge', value: 'c', statuses: { c: { tone: 'danger', text: 'Overdue' } } },
              { widget: 'status-badge', value: 'd', statuses: { d: { tone: 'neutral', text: 'Closed' } } },
            ] },
            { widget: 'text', text: 'While a list loads, its skeleton keeps its room:' },
            { widget: 'skeleton', lines: 3, gap: 2 },
          ],
        },
        {
          widget: 'card', title: 'Items', icon: 'clipboard-list',
          children: [
            { widget: 'stack', direction: 'row', children: ['pdf', 'image', 'spreadsheet', 'other'].map((kind) => (
              { widget: 'icon', value: kind, icons: { pdf: 'file-text', image: 'file-image', spreadsheet: 'file-spreadsheet' }, icon: 'file', size: 24 }
            )) },
            { widget: 'empty-state', icon: 'mail', text: 'Nothing here yet.', action: { widget: 'link', text: 'Start one', to: home } },
          ],
        },
      ],
    },
  ];
}
