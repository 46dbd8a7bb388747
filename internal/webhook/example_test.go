// This file shows a delivery being signed, and the retry schedule.

package webhook_test

import (
	"fmt"
	"net/http"
	"time"

	"salon/internal/webhook"
)

// The headers of one attempt, with the specification's own test vector.
func ExampleHeader() {
	secret, err := webhook.ParseSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
	if err != nil {
		panic(err)
	}
	h := http.Header{}
	webhook.Header(h, secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", time.Unix(1614265330, 0), []byte(`{"test": 2432232314}`))
	for _, name := range []string{webhook.HeaderID, webhook.HeaderTimestamp, webhook.HeaderSignature} {
		fmt.Printf("%s: %s\n", name, h.Get(name))
	}
	// Output:
	// webhook-id: msg_p5jXN8AQM9LWM0D4loKWxJek
	// webhook-timestamp: 1614265330
	// webhook-signature: v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=
}

// The gaps between attempts, before jitter.
func ExampleBackoff() {
	for n := 1; n <= 12; n++ {
		fmt.Print(webhook.Backoff(n), " ")
	}
	fmt.Println()
	// Output:
	// 5s 10s 20s 40s 1m20s 2m40s 5m20s 10m40s 21m20s 42m40s 1h0m0s 1h0m0s
}
