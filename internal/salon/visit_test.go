// This file holds the tests of a visit of several services read as one.

package salon_test

import (
	"reflect"
	"testing"

	"salon/internal/salon"
)

func TestAVisitIsItsServicesBackToBack(t *testing.T) {
	s := basinsNine() // cut 45 holding a chair; colour 90+30 holding a basin and a chair; beard trim 15
	s.Services[2].Deposit = price(500)
	v, ok := s.Service(salon.VisitID([]string{"colour", "cut"}))
	if !ok {
		t.Fatal("colour+cut: got no visit")
	}
	if v.ID != "colour+cut" || v.Name != "Colour + Cut" || v.Minutes != 165 || v.AfterMinutes != 0 {
		t.Errorf("got %s %q %d+%d, want colour+cut \"Colour + Cut\" 165+0: the cut starts once the colour's processing ends", v.ID, v.Name, v.Minutes, v.AfterMinutes)
	}
	if v.Price == nil || *v.Price != 12500 || v.Deposit != nil {
		t.Errorf("got price %v, deposit %v; want 12500 and none", v.Price, v.Deposit)
	}
	want := []salon.Held{{Resource: "basin", To: 120}, {Resource: "chair", To: 120}, {Resource: "chair", From: 120, To: 165}}
	if got := v.Holds(); !reflect.DeepEqual(got, want) {
		t.Errorf("got holds %+v, want %+v", got, want)
	}
	trim, _ := s.Service("cut+beard-trim")
	if trim.Minutes != 60 || *trim.Price != 6000 || trim.Deposit == nil || *trim.Deposit != 500 {
		t.Errorf("cut+beard-trim: got %d minutes, price %v, deposit %v; want 60, 6000 and the trim's 500", trim.Minutes, trim.Price, trim.Deposit)
	}
	s.Services[0].Price = nil
	if v, _ := s.Service("colour+cut"); v.Price != nil {
		t.Errorf("a visit with a service off the sheet: got price %d, want none", *v.Price)
	}
	for _, id := range []string{"colour+perm", "cut+cut", "cut+colour+beard-trim+cut+colour+beard-trim", "cut+", "+cut"} {
		if _, ok := s.Service(id); ok {
			t.Errorf("%s: got a visit, want none", id)
		}
	}
	ana, ben := s.Stylists[0], s.Stylists[1]
	if !ana.Does("cut+colour") || ben.Does("cut+colour") || !ben.Does("cut+beard-trim") {
		t.Errorf("got Ana %v, Ben %v and %v; want a visit done only by who does every service of it", ana.Does("cut+colour"), ben.Does("cut+colour"), ben.Does("cut+beard-trim"))
	}
}

func TestCheckVisit(t *testing.T) {
	for _, tt := range []struct {
		ids  []string
		want string
	}{
		{[]string{"cut"}, ""},
		{[]string{"cut", "colour", "a", "b", "c"}, ""},
		{nil, "arguments.services must hold 1 to 5 ids"},
		{[]string{"cut", "colour", "a", "b", "c", "d"}, "arguments.services must hold 1 to 5 ids"},
		{[]string{"cut", "colour", "cut"}, "arguments.services must not name a service twice"},
	} {
		wantRefusal(t, salon.CheckVisit("arguments.services", tt.ids), tt.want)
	}
}
