// This file builds the OpenAPI document of the service from the wire types, so the document can't describe other types than the server's.

package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"salon/internal/wire"
	"strconv"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3gen"
	"github.com/labstack/echo/v4"
)

// Document is the OpenAPI 3 document of the service, built from the wire types, with its references resolved and validated.
func Document() (*openapi3.T, error) {
	out, err := documentJSON()
	if err != nil {
		return nil, err
	}
	return LoadDocument(out)
}

// LoadDocument reads an OpenAPI document, resolves its references and validates it.
func LoadDocument(data []byte) (*openapi3.T, error) {
	doc, err := openapi3.NewLoader().LoadFromData(data)
	if err != nil {
		return nil, fmt.Errorf("openapi: the document doesn't load: %w", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("openapi: the document doesn't validate: %w", err)
	}
	return doc, nil
}

// build assembles the document from the wire types, with its references unresolved: the
// components, the routes' operations, and the operational endpoints.
func build() (*openapi3.T, error) {
	schemas, err := componentSchemas()
	if err != nil {
		return nil, err
	}
	doc := &openapi3.T{
		OpenAPI: "3.0.3",
		Info: &openapi3.Info{
			Title:   "Salon booking assistant",
			Version: "1.0.0",
			Description: "Books a salon time in two rounds with no session on the server. Round one answers " +
				"input_required with a question and a signed requestState; round two sends the same arguments " +
				"with the customer's answer and the state untouched, and completes.",
		},
		Servers:    openapi3.Servers{{URL: "/"}},
		Paths:      openapi3.NewPaths(),
		Components: &openapi3.Components{Schemas: schemas, SecuritySchemes: securitySchemes()},
	}
	addRoutes(doc, routes)
	addOperational(doc)
	markPublic(doc)
	return doc, nil
}

// componentSchemas are the document's schemas: each wire type's, generated from its struct tags,
// then what the generator can't say (nullable fields, a map of answers, one of two results) and
// the bodies other services send.
func componentSchemas() (openapi3.Schemas, error) {
	schemas := openapi3.Schemas{}
	for _, v := range []any{wire.BookRequest{}, wire.InputRequiredResult{}, wire.PaymentRequests{}, wire.CompleteResult{}, wire.Answer{},
		wire.SalonSettings{}, wire.SalonView{}, wire.SalonList{}, wire.BookingList{}, wire.SlotList{},
		wire.Availability{}, wire.MyBooking{}, wire.MoveRequest{}, wire.MyMoveRequest{}, wire.CancelRequest{},
		wire.WebhookPut{}, wire.WebhookView{}, wire.WebhookList{}, wire.FeedView{}, wire.DroppedList{},
		wire.KeyRequest{}, wire.KeyMade{}, wire.KeyList{}, wire.AuditList{}, wire.ContactRequest{}, wire.Erased{}} {
		_, err := openapi3gen.NewSchemaRefForValue(v, schemas,
			openapi3gen.SchemaCustomizer(fromTags),
			openapi3gen.CreateComponentSchemas(openapi3gen.ExportComponentSchemasOptions{
				ExportComponentSchemas: true, ExportTopLevelSchema: true,
			}))
		if err != nil {
			return nil, fmt.Errorf("openapi: schema of %T: %w", v, err)
		}
	}
	// Both rounds' bodies: the answers are a map of Answers, and either field may be null.
	for _, name := range []string{"BookRequest", "MyMoveRequest"} {
		schemas[name].Value.Properties["inputResponses"] = openapi3.NewSchemaRef("", &openapi3.Schema{
			Type:                 &openapi3.Types{openapi3.TypeObject},
			Nullable:             true,
			Description:          fieldDoc(wire.BookRequest{}, "InputResponses"),
			AdditionalProperties: openapi3.AdditionalProperties{Schema: component("Answer")},
		})
		schemas[name].Value.Properties["requestState"].Value.Nullable = true
	}
	schemas["WebhookState"].Value.Properties["lastDelivery"].Value.Nullable = true
	// Round two asks which time (a form), or, at a service with a deposit, to pay it (a URL).
	schemas["InputRequiredResult"].Value.Properties["inputRequests"] = openapi3.NewSchemaRef("", &openapi3.Schema{
		Description: "What the customer must answer: which time suits them, or, once a time is held for a deposit, to pay it on Stripe's page.",
		OneOf:       openapi3.SchemaRefs{component("InputRequests"), component("PaymentRequests")},
	})
	schemas["BookResult"] = openapi3.NewSchemaRef("", &openapi3.Schema{
		Description: "A round's result: a question to answer, or the completed booking.",
		OneOf:       openapi3.SchemaRefs{component("InputRequiredResult"), component("CompleteResult")},
		Discriminator: &openapi3.Discriminator{
			PropertyName: "resultType",
			Mapping: map[string]openapi3.MappingRef{
				wire.ResultInputRequired: {Ref: "#/components/schemas/InputRequiredResult"},
				wire.ResultComplete:      {Ref: "#/components/schemas/CompleteResult"},
			},
		},
	})
	for _, name := range []string{"SalonSettings", "SalonView"} {
		schemas[name].Value.Properties["hours"] = hoursSchema(schemas[name].Value.Properties["hours"].Value.Description)
	}
	schemas["Availability"].Value.Properties["stylist"].Value.Nullable = true
	// The bodies other services send: each field a string, each required.
	schemas["StripeEvent"] = stringsObject("One of Stripe's events, as Stripe writes it (https://docs.stripe.com/api/events/object).",
		"id", "The event's id, evt_…", "type", "Such as checkout.session.completed.")
	schemas["TextStatus"] = stringsObject("A text's status as Twilio calls it back (https://www.twilio.com/docs/messaging/guides/track-outbound-message-status).",
		"MessageSid", "The text's SID, SM…", "MessageStatus", "Such as sent, delivered, undelivered or failed.")
	schemas["Received"] = openapi3.NewSchemaRef("", &openapi3.Schema{
		Type:        &openapi3.Types{openapi3.TypeString},
		Enum:        []any{"received"},
		Description: "The event is taken.",
	})
	schemas["Refusal"] = openapi3.NewSchemaRef("", &openapi3.Schema{
		Type:        &openapi3.Types{openapi3.TypeString},
		Description: "Why the request was refused, as one sentence. The exact strings are part of the contract.",
	})

	return schemas, nil
}

// securitySchemes are the owner's token and a booking's manage key.
func securitySchemes() openapi3.SecuritySchemes {
	return openapi3.SecuritySchemes{
		ownerScheme: &openapi3.SecuritySchemeRef{Value: openapi3.NewJWTSecurityScheme().
			WithBearerFormat("opaque").
			WithDescription("As Authorization: Bearer <token>: the operator's token (BOOKING_OWNER_TOKEN), good on every " +
				"salon, or a key the operator made for one salon (POST /salons/{salon}/keys), good on that salon's owner " +
				"operations but not on its keys. Without an operator's token configured, the owner's operations answer 404. " +
				"Wrong tokens from one client address are limited: past the limit every owner operation answers 429 with Retry-After.")},
		manageScheme: &openapi3.SecuritySchemeRef{Value: openapi3.NewJWTSecurityScheme().
			WithBearerFormat("opaque").
			WithDescription("A booking's manage key, as round two's booked result gave it (manage), as " +
				"Authorization: Bearer <key>. It opens its own booking and no other. A missing or wrong key " +
				"answers 404, as an unknown booking does.")},
	}
}

// addOperational adds the operational endpoints to doc: health, readiness, this document, metrics.
func addOperational(doc *openapi3.T) {
	text := openapi3.NewStringSchema().NewRef()
	doc.Paths.Set("/healthz", &openapi3.PathItem{Get: &openapi3.Operation{
		OperationID: "health",
		Summary:     "Answers 200 while the process lives.",
		Responses:   openapi3.NewResponses(openapi3.WithStatus(http.StatusOK, jsonResponse("The process lives.", text))),
	}})
	doc.Paths.Set("/readyz", &openapi3.PathItem{Get: &openapi3.Operation{
		OperationID: "ready",
		Summary:     "Answers 200 while bookings can complete: a signing key is set and the spent-state store answers.",
		Responses: openapi3.NewResponses(
			openapi3.WithStatus(http.StatusOK, jsonResponse("Bookings can complete.", text)),
			openapi3.WithStatus(http.StatusServiceUnavailable, jsonResponse("Bookings can't complete now.", component("Refusal"))),
		),
	}})
	doc.Paths.Set("/openapi.json", &openapi3.PathItem{Get: &openapi3.Operation{
		OperationID: "openapi",
		Summary:     "This document.",
		Responses: openapi3.NewResponses(openapi3.WithStatus(http.StatusOK, jsonResponse("The OpenAPI document.",
			openapi3.NewObjectSchema().NewRef()))),
	}})
	doc.Paths.Set("/metrics", &openapi3.PathItem{Get: &openapi3.Operation{
		OperationID: "metrics",
		Summary:     "Prometheus metrics in the text exposition format.",
		Responses: openapi3.NewResponses(openapi3.WithStatus(http.StatusOK, &openapi3.ResponseRef{Value: openapi3.NewResponse().
			WithDescription("The metrics.").
			WithContent(openapi3.NewContentWithSchemaRef(text, []string{"text/plain"}))})),
	}})
}

func jsonResponse(description string, schema *openapi3.SchemaRef) *openapi3.ResponseRef {
	return &openapi3.ResponseRef{Value: openapi3.NewResponse().
		WithDescription(description).
		WithContent(openapi3.NewContentWithJSONSchemaRef(schema))}
}

func component(name string) *openapi3.SchemaRef {
	return openapi3.NewSchemaRef("#/components/schemas/"+name, nil)
}

// fromTags reads the schema keywords a wire type's struct tags carry: doc, enum (values split by |),
// maxLength, minItems, maxItems, uniqueItems, itemMinLength and itemMaxLength. A struct's fields
// without omitempty are required.
func fromTags(_ string, t reflect.Type, tag reflect.StructTag, s *openapi3.Schema) error {
	number := func(key string) (uint64, bool) {
		n, err := strconv.ParseUint(tag.Get(key), 10, 64)
		return n, err == nil
	}
	s.Description = tag.Get("doc")
	switch t.Kind() {
	case reflect.String:
		if enum, ok := tag.Lookup("enum"); ok {
			for _, v := range strings.Split(enum, "|") {
				s.Enum = append(s.Enum, v)
			}
		}
		if n, ok := number("maxLength"); ok {
			s.MaxLength = &n
		}
		if n, ok := number("minLength"); ok {
			s.MinLength = n
		}
	case reflect.Slice:
		if n, ok := number("minItems"); ok {
			s.MinItems = n
		}
		if n, ok := number("maxItems"); ok {
			s.MaxItems = &n
		}
		s.UniqueItems = tag.Get("uniqueItems") == "true"
		if s.Items != nil && s.Items.Value != nil {
			item := s.Items.Value
			item.Description = ""
			if n, ok := number("itemMinLength"); ok {
				item.MinLength = n
			}
			if n, ok := number("itemMaxLength"); ok {
				item.MaxLength = &n
			}
		}
	case reflect.Struct:
		s.Required = nil
		for f := range t.Fields() {
			name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name != "" && name != "-" && !strings.Contains(opts, "omitempty") {
				s.Required = append(s.Required, name)
			}
		}
	}
	return nil
}

func fieldDoc(v any, field string) string {
	f, _ := reflect.TypeOf(v).FieldByName(field)
	return f.Tag.Get("doc")
}

// documentJSON is the document as served and committed: indented JSON ending in a newline.
var documentJSON = sync.OnceValues(func() ([]byte, error) {
	doc, err := build()
	if err != nil {
		return nil, err
	}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	out = append(out, '\n')
	if _, err := LoadDocument(out); err != nil {
		return nil, err
	}
	return out, nil
})

// DocumentJSON is the OpenAPI document as committed in openapi.json.
func DocumentJSON() ([]byte, error) { return documentJSON() }

func serveDocument(c echo.Context) error {
	doc, err := documentJSON()
	if err != nil {
		return err
	}
	return c.JSONBlob(http.StatusOK, doc)
}

// stringsObject is an object schema whose fields, each a string and each required, come as pairs
// of a name and what it holds, in order.
func stringsObject(description string, fields ...string) *openapi3.SchemaRef {
	schema := &openapi3.Schema{Type: &openapi3.Types{openapi3.TypeObject}, Description: description, Properties: openapi3.Schemas{}}
	for i := 0; i+1 < len(fields); i += 2 {
		schema.Required = append(schema.Required, fields[i])
		schema.Properties[fields[i]] = openapi3.NewSchemaRef("", &openapi3.Schema{Type: &openapi3.Types{openapi3.TypeString}, Description: fields[i+1]})
	}
	return openapi3.NewSchemaRef("", schema)
}
