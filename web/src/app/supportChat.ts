/**
 * The support chat (HubSpot's chat widget): loaded on `/` and `/planes-y-precios` when a portal id
 * is configured, removed on every other route. The embed script is added once, told not to load
 * the widget by itself, and the widget is then loaded and removed through HubSpot's
 * conversations API (https://developers.hubspot.com/docs/api/conversation/chat-widget-sdk).
 */
import type { RuntimeConfig } from './config';
import { normalizePath, SUPPORT_CHAT_PATHS } from './publicPages';

interface ConversationsWidget {
  load(options?: { widgetOpen?: boolean }): void;
  remove(): void;
  refresh(options?: { openToNewThread?: boolean }): void;
  status(): { loaded: boolean };
}

type ChatWindow = Window & {
  HubSpotConversations?: { widget: ConversationsWidget };
  hsConversationsOnReady?: (() => void)[];
  hsConversationsSettings?: { loadImmediately?: boolean };
};

export const HUBSPOT_SCRIPT_ID = 'hs-script-loader';

/** What the widget should be doing now; read again when HubSpot's API becomes ready. */
let wanted = false;

export const chatWantedOn = (
  pathname: string,
  config: Pick<RuntimeConfig, 'hubspotPortalId' | 'features'> | null,
) =>
  Boolean(config?.hubspotPortalId && config.features.supportChat) &&
  SUPPORT_CHAT_PATHS.includes(normalizePath(pathname));

/** Called on every route change. */
export function syncSupportChat(
  pathname: string,
  config: Pick<RuntimeConfig, 'hubspotPortalId' | 'features'> | null,
  doc: Document = document,
): void {
  const win = doc.defaultView as ChatWindow;
  wanted = chatWantedOn(pathname, config);
  if (wanted && config?.hubspotPortalId) addEmbedScript(config.hubspotPortalId, win, doc);
  if (!doc.getElementById(HUBSPOT_SCRIPT_ID)) return;
  whenReady(win, (widget) => {
    const { loaded } = widget.status();
    if (wanted && !loaded) widget.load();
    else if (wanted) widget.refresh();
    else if (loaded) widget.remove();
  });
}

function addEmbedScript(portalId: string, win: ChatWindow, doc: Document) {
  if (doc.getElementById(HUBSPOT_SCRIPT_ID)) return;
  win.hsConversationsSettings = { ...win.hsConversationsSettings, loadImmediately: false };
  const script = doc.createElement('script');
  script.id = HUBSPOT_SCRIPT_ID;
  script.async = true;
  script.defer = true;
  script.src = `https://js.hs-scripts.com/${encodeURIComponent(portalId)}.js`;
  doc.body.append(script);
}

/** One callback waits for HubSpot's API at a time; it applies whatever is wanted when it runs. */
let waiting = false;

function whenReady(win: ChatWindow, act: (widget: ConversationsWidget) => void) {
  const run = () => {
    waiting = false;
    const widget = win.HubSpotConversations?.widget;
    if (widget) act(widget);
  };
  if (win.HubSpotConversations) run();
  else if (!waiting) {
    waiting = true;
    win.hsConversationsOnReady = [...(win.hsConversationsOnReady ?? []), run];
  }
}
