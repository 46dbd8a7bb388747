// The page's storages, or a storage that keeps nothing where the browser refuses them: a frame on a salon's own site, where third-party storage is blocked, books on without remembering.

/** nothingKept is a Storage that keeps nothing. */
const nothingKept: Storage = {
  length: 0,
  clear: () => {},
  getItem: () => null,
  key: () => null,
  removeItem: () => {},
  setItem: () => {},
};

function reach(get: () => Storage): Storage {
  try {
    return get();
  } catch {
    return nothingKept;
  }
}

/** localStore is window.localStorage, or nothingKept where reading it is refused. */
export function localStore(): Storage {
  return reach(() => window.localStorage);
}

/** sessionStore is window.sessionStorage, or nothingKept where reading it is refused. */
export function sessionStore(): Storage {
  return reach(() => window.sessionStorage);
}
