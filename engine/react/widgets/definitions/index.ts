// The engine's widgets, one definition module each (name, props schema, component loader).
import type { WidgetDefinition } from '../../../core/registry.ts';
import type { WidgetComponent } from '../../component-types.ts';
import stack from './stack.widget.ts';
import heading from './heading.widget.ts';
import text from './text.widget.ts';
import content from './content.widget.ts';
import link from './link.widget.ts';
import links from './links.widget.ts';
import alert from './alert.widget.ts';
import form from './form.widget.ts';
import flow from './flow.widget.ts';
import countdown from './countdown.widget.ts';
import button from './button.widget.ts';
import effect from './effect.widget.ts';
import spacer from './spacer.widget.ts';
import summary from './summary.widget.ts';
import steps from './steps.widget.ts';
import dialog from './dialog.widget.ts';
import hostedEntry from './hosted-entry.widget.ts';
import handoff from './handoff.widget.ts';
import oneTimeLink from './one-time-link.widget.ts';
import repeat from './repeat.widget.ts';
import image from './image.widget.ts';
import grid from './grid.widget.ts';
import data from './data.widget.ts';
import modal from './modal.widget.ts';
import download from './download.widget.ts';
import fileDownload from './file-download.widget.ts';
import filePreview from './file-preview.widget.ts';
import upload from './upload.widget.ts';
import calendar from './calendar.widget.ts';
import columns from './columns.widget.ts';
import card from './card.widget.ts';
import descriptionList from './description-list.widget.ts';
import statusBadge from './status-badge.widget.ts';
import emptyState from './empty-state.widget.ts';
import pageHeader from './page-header.widget.ts';
import skeleton from './skeleton.widget.ts';
import icon from './icon.widget.ts';
import banner from './banner.widget.ts';
import chart from './chart.widget.ts';
import markdown from './markdown.widget.ts';
import frame from './frame.widget.ts';
import chat from './chat.widget.ts';

export const builtinWidgets: readonly WidgetDefinition<WidgetComponent>[] = [
  stack, heading, text, content, link, links, alert, form, flow, countdown, button, effect, spacer, summary, steps, dialog, hostedEntry, handoff, oneTimeLink, repeat, image, grid, data, modal, download, fileDownload, filePreview, upload, calendar,
  columns, card, descriptionList, statusBadge, emptyState, pageHeader, skeleton, icon, banner, chart, markdown, frame, chat,
];
