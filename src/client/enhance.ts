/**
 * Progressive enhancement without React, for pages that need it (menus, video fade). Everything
 * here also works in a basic form without JavaScript.
 */
export {}
