// This file holds the test of Settings.Clone: a deep copy, nil for nil and empty for empty.

package salon_test

import (
	"reflect"
	"testing"
	"time"

	"salon/internal/salon"
)

func TestClone(t *testing.T) {
	for _, s := range []salon.Settings{studioNine(), basinsNine(), {}} {
		c := s.Clone()
		if !reflect.DeepEqual(c, s) {
			t.Fatalf("got %+v, want a copy equal to %+v", c, s)
		}
		if !s.HasMenu() {
			continue
		}
		// Change everything the copy holds by reference; the original must not see it.
		before := basinsNine()
		*c.Services[0].Price = 1
		c.Services[1].Name = "Bleach"
		c.Stylists[0].Services[0] = "perm"
		c.Stylists[0].Hours[time.Tuesday][0].Start = 0
		c.Stylists[0].Hours[time.Monday] = nil
		c.Hours[time.Tuesday][0].End = 1
		c.Closures[0].Note = "changed"
		c.Resources[0].Count = 9
		c.Services[1].Resources[0] = "chair"
		if !reflect.DeepEqual(s, before) {
			t.Errorf("got the original changed through its copy: %+v, want %+v", s, before)
		}
		if c.Stylists[1].Hours != nil || c.Stylists[2].Hours == nil {
			t.Errorf("got stylists' hours %v and %v, want nil kept nil and empty kept empty", c.Stylists[1].Hours, c.Stylists[2].Hours)
		}
	}
}

// basinsNine is menuNine with its basins and chairs.
func basinsNine() salon.Settings {
	s := menuNine()
	withBasins(func(*salon.Settings) {})(&s)
	return s
}
