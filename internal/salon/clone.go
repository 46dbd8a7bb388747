// This file holds Settings.Clone: a copy of a salon's settings that shares no memory with them.

package salon

import (
	"maps"
	"slices"
)

// Clone returns a deep copy of s: no slice, map or price of it is shared with s, so a cache may
// hand out copies that callers change freely. Each nil stays nil and each empty list or Hours
// stays empty, so a stylist without hours of their own still follows the salon's.
func (s Settings) Clone() Settings {
	s.Prices = slices.Clone(s.Prices)
	s.EmbedOrigins = slices.Clone(s.EmbedOrigins)
	s.Hours = s.Hours.clone()
	if s.Services != nil {
		s.Services = slices.Clone(s.Services)
		for i, v := range s.Services {
			s.Services[i].Price = cloned(v.Price)
			s.Services[i].Deposit = cloned(v.Deposit)
			s.Services[i].Resources = slices.Clone(v.Resources)
		}
	}
	if s.Stylists != nil {
		s.Stylists = slices.Clone(s.Stylists)
		for i, p := range s.Stylists {
			s.Stylists[i].Services = slices.Clone(p.Services)
			s.Stylists[i].Hours = p.Hours.clone()
		}
	}
	s.Closures = slices.Clone(s.Closures)
	s.Resources = slices.Clone(s.Resources)
	return s
}

func (h Hours) clone() Hours {
	if h == nil {
		return nil
	}
	c := maps.Clone(h)
	for day, intervals := range c {
		c[day] = slices.Clone(intervals)
	}
	return c
}

// cloned is a copy of the amount p points to; nil stays nil.
func cloned(p *int64) *int64 {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
