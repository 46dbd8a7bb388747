// This file holds keeping the data from the command line: `bookingd backup` copies a live SQLite
// database, and `bookingd copy` moves one to PostgreSQL, saying as it goes how far it got.

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"salon/internal/store"
)

// backup runs `bookingd backup -db sqlite:PATH -to FILE`.
func backup(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) error {
	fs := flag.NewFlagSet("bookingd backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	db := fs.String("db", getenv(envDatabaseURL), "the live SQLite database to copy, sqlite:PATH (default $"+envDatabaseURL+")")
	to := fs.String("to", "", "the new file to write the copy to; it must not exist")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *to == "" {
		return errors.New("bookingd backup needs -to FILE")
	}
	started := time.Now()
	fmt.Fprintf(stderr, "backing up %s to %s\n", *db, *to)
	out, err := store.Backup(ctx, *db, *to)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "backed up %d salons and %d bookings at migration %d: %s, %d bytes, integrity ok, in %s\n",
		out.Salons, out.Bookings, out.Version, *to, out.Bytes, time.Since(started).Round(time.Millisecond))
	return nil
}

// copyData runs `bookingd copy -from sqlite:PATH -to postgres://…`.
func copyData(ctx context.Context, args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("bookingd copy", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "the SQLite database to copy, sqlite:PATH, at this bookingd's migration; only read")
	to := fs.String("to", "", "the empty PostgreSQL database to copy into, postgres://…")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *from == "" || *to == "" {
		return errors.New("bookingd copy needs -from sqlite:PATH and -to postgres://…")
	}
	started := time.Now()
	tables, err := store.Copy(ctx, *from, *to, func(table string, rows int64, done bool) {
		if done {
			fmt.Fprintf(stderr, "copied %s: %s\n", table, rowsOf(rows))
		} else if rows%10_000 == 0 {
			fmt.Fprintf(stderr, "copying %s: %s so far\n", table, rowsOf(rows))
		}
	})
	if err != nil {
		return err
	}
	var rows int64
	for _, t := range tables {
		fmt.Fprintf(stderr, "compared %s: %s, the same on both sides (digest %s)\n", t.Name, rowsOf(t.Rows), t.Digest[:16])
		rows += t.Rows
	}
	fmt.Fprintf(stderr, "copied %d tables, %s, in %s: the two databases hold the same\n", len(tables), rowsOf(rows), time.Since(started).Round(time.Millisecond))
	return nil
}

// rowsOf is n rows, in words.
func rowsOf(n int64) string {
	if n == 1 {
		return "1 row"
	}
	return fmt.Sprintf("%d rows", n)
}
