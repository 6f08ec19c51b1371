import { createContext, useContext } from "react";

/** The request's CSP nonce, for every <script> the server renders. */
export const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
