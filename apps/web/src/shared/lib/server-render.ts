import { createContext, useContext } from 'react';

/**
 * True while the page is rendered on the server (entry-server.tsx). Its markup is on screen before the client has
 * taken over, and what a person types into a field then would be lost when the client draws the page: form fields
 * are rendered disabled on the server and come alive with the client's render.
 */
const ServerRenderContext = createContext(false);
export const ServerRenderProvider = ServerRenderContext.Provider;

export function useServerRender(): boolean {
  return useContext(ServerRenderContext);
}
