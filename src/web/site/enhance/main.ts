/**
 * The only script of the content-only public pages (landing, legal and company pages), which ship
 * without React (docs/decisions/013). Everything on them works without it; this adds what needs a
 * script: storing the theme, closing menus on Esc or outside clicks, the video player in place and
 * the forms' prefilled messages. A module script runs before DOMContentLoaded, and every handler is
 * delegated from `document`, so no press after DOMContentLoaded is lost.
 */
import { enhanceDisclosures } from "./disclosures";
import { enhanceForms } from "./forms";
import { enhanceThemeMenu } from "./theme";
import { enhanceVideo } from "./video";

enhanceThemeMenu();
enhanceDisclosures();
enhanceVideo();
enhanceForms();
document.documentElement.setAttribute("data-enhanced", "");
