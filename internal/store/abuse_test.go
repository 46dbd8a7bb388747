// This file tests the bounds that keep a salon hard to abuse, written straight through the store:
// the webhooks a salon may have.

package store_test

import (
	"fmt"
	"sync"
	"testing"

	"salon/internal/store"
)

func TestASalonHoldsAtMostTwentyWebhooksWhateverInstancePutsThem(t *testing.T) {
	eachStore(t, func(t *testing.T, b backend) {
		s, url := b.withSalon(t)
		other := openURL(t, url)
		ctx := t.Context()
		const tries = store.MaxWebhooks + 6
		errs := make([]error, tries)
		var wg sync.WaitGroup
		for i := range tries {
			wg.Go(func() {
				on := s
				if i%2 == 1 {
					on = other
				}
				_, errs[i] = on.PutWebhook(ctx, store.Webhook{Salon: "studio-nine", ID: fmt.Sprintf("w%d", i),
					URL: "https://hooks.example/a", Events: store.EventTypes, Secret: "whsec_x"})
			})
		}
		wg.Wait()
		made, refused := 0, 0
		for _, err := range errs {
			switch {
			case err == nil:
				made++
			case err.Error() == "a salon has at most 20 webhooks":
				refused++
			default:
				t.Errorf("a put: %v", err)
			}
		}
		if made != store.MaxWebhooks || refused != tries-store.MaxWebhooks {
			t.Errorf("got %d made and %d refused, want %d and %d", made, refused, store.MaxWebhooks, tries-store.MaxWebhooks)
		}
		if n := count(t, raw(t, url), `SELECT count(*) FROM webhooks`); n != store.MaxWebhooks {
			t.Errorf("the table holds %d webhooks, want %d", n, store.MaxWebhooks)
		}
		// At the bound, a webhook that exists can still be changed, and one deleted makes room.
		list, err := s.Webhooks(ctx, "studio-nine")
		if err != nil || len(list) == 0 {
			t.Fatalf("Webhooks: %v, %v", len(list), err)
		}
		first := list[0].Webhook
		first.URL = "https://hooks.example/changed"
		if created, err := s.PutWebhook(ctx, first); err != nil || created {
			t.Errorf("changing a webhook at the bound: got created %v, %v, want changed", created, err)
		}
		if _, err := s.DeleteWebhook(ctx, "studio-nine", first.ID); err != nil {
			t.Fatal(err)
		}
		if created, err := other.PutWebhook(ctx, store.Webhook{Salon: "studio-nine", ID: "after", URL: "https://hooks.example/a",
			Events: store.EventTypes, Secret: "whsec_y"}); err != nil || !created {
			t.Errorf("a put after a delete: got created %v, %v, want created", created, err)
		}
	})
}
