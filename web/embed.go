// Package web holds the web app (the customers' and the owner's pages), built by Vite into dist and embedded in bookingd.
package web

import (
	"embed"
	"io/fs"
)

// dist is the built app. It holds only dist/.gitkeep until `npm run build` has run, so a fresh
// clone still builds and bookingd says the app isn't built.
//
//go:embed all:dist
var dist embed.FS

// App is the built app's files, rooted at dist.
func App() fs.FS {
	app, err := fs.Sub(dist, "dist")
	if err != nil {
		panic("web: dist is embedded, so fs.Sub can't fail: " + err.Error())
	}
	return app
}
