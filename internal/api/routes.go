// This file turns the table of the service's routes into the OpenAPI document's operations and into Echo's routes, so the two can't drift.

package api

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"
)

// route is one operation of the service as a row of a table: what the OpenAPI document states of
// it and what Echo serves at it. One row is both, so the document can't promise a route the
// server lacks, or the server answer one the document leaves out.
type route struct {
	method  string
	path    string // in OpenAPI's syntax, /salons/{salon}; Echo's is derived from it (echoPath)
	id      string // the operationId
	summary string
	params  openapi3.Parameters
	body    *requestBody // nil when the operation reads no body
	replies []response
	owner   bool // behind the owner's guard: the operator's token, or a key of the path's salon
	// operator, with owner, keeps the route to the operator's token alone: a salon's key is refused
	// (the keys themselves, and anything wider than one salon).
	operator bool
	manage   bool // behind the booking's manage key, which the handler checks; public when neither
	quota    bool // behind the quota per client address (limited says which routes are, this row's word among them)
	serve    func(*Service, echo.Context) error
}

// requestBody is an operation's JSON body, required unless optional: the component that describes it, and what the
// document says of it ("" says nothing).
type requestBody struct {
	schema, description string
	// optional: the operation may be sent with no body at all.
	optional bool
	// form: the body is application/x-www-form-urlencoded, not JSON.
	form bool
}

// response is one status an operation answers with, what the document says of it and the component
// of its body, JSON unless media names another type (whose body is then a string). A response with
// neither has no body.
type response struct {
	status      int
	description string
	schema      string
	media       string
}

// success is a response with status 200 and the component schema.
func success(description, schema string) response {
	return response{status: http.StatusOK, description: description, schema: schema}
}

// refused is a response with status whose body is a Refusal.
func refused(status int, why string) response {
	return response{status: status, description: why, schema: "Refusal"}
}

// textReply is a response with status 200 whose body is text of the media type.
func textReply(description, media string) response {
	return response{status: http.StatusOK, description: description, media: media}
}

// noContent is a response with status 204 and no body.
func noContent(description string) response {
	return response{status: http.StatusNoContent, description: description}
}

// operation is the row as the document states it. A public operation gets its security ([]) from markPublic.
func (r route) operation() *openapi3.Operation {
	op := &openapi3.Operation{
		OperationID: r.id,
		Summary:     r.summary,
		Parameters:  r.params,
		Responses:   openapi3.NewResponsesWithCapacity(len(r.replies)),
	}
	if r.body != nil {
		body := openapi3.NewRequestBody().WithDescription(r.body.description).WithRequired(!r.body.optional)
		if r.body.form {
			body = body.WithFormDataSchemaRef(component(r.body.schema))
		} else {
			body = body.WithJSONSchemaRef(component(r.body.schema))
		}
		op.RequestBody = &openapi3.RequestBodyRef{Value: body}
	}
	for _, resp := range r.replies {
		var reply *openapi3.ResponseRef
		switch {
		case resp.media != "":
			reply = &openapi3.ResponseRef{Value: openapi3.NewResponse().WithDescription(resp.description).
				WithContent(openapi3.NewContentWithSchema(openapi3.NewStringSchema(), []string{resp.media}))}
		case resp.schema == "":
			reply = &openapi3.ResponseRef{Value: openapi3.NewResponse().WithDescription(resp.description)}
		default:
			reply = jsonResponse(resp.description, component(resp.schema))
		}
		op.Responses.Set(strconv.Itoa(resp.status), reply)
	}
	if r.limited() || r.owner {
		why := "With a quota configured (-rate), this client address asked too often; "
		if r.owner {
			why = "This client address sent too many wrong tokens; "
		}
		tooMany := jsonResponse(why+"Retry-After says in how many seconds to ask again.", component("Refusal"))
		tooMany.Value.Headers = openapi3.Headers{echo.HeaderRetryAfter: &openapi3.HeaderRef{Value: &openapi3.Header{
			Parameter: openapi3.Parameter{
				Description: "Whole seconds until this client may ask again.",
				Required:    true,
				Schema:      openapi3.NewIntegerSchema().WithMin(1).NewRef(),
			}}}}
		op.Responses.Set(strconv.Itoa(http.StatusTooManyRequests), tooMany)
	}
	switch {
	case r.owner:
		op.Security = &openapi3.SecurityRequirements{{ownerScheme: []string{}}}
	case r.manage:
		op.Security = &openapi3.SecurityRequirements{{manageScheme: []string{}}}
	}
	return op
}

// addRoutes adds every row of table to the document's paths.
func addRoutes(doc *openapi3.T, table []route) {
	for _, r := range table {
		item := doc.Paths.Value(r.path)
		if item == nil {
			item = &openapi3.PathItem{}
			doc.Paths.Set(r.path, item)
		}
		item.SetOperation(r.method, r.operation())
	}
}

// serveRoutes adds every row of table to e, named by its operationId, each owner's route behind
// the owner's guard and each limited route behind the quota. Each route takes its middleware
// itself: an Echo group with middleware would catch every unknown path too.
func (s *Service) serveRoutes(e *echo.Echo, table []route) {
	limit := Limit(s.Quota, s.Now)
	guards := map[bool]echo.MiddlewareFunc{false: s.owner(false), true: s.owner(true)}
	for _, r := range table {
		serve := r.serve
		var middleware []echo.MiddlewareFunc
		if r.limited() {
			middleware = append(middleware, limit)
		}
		if r.owner {
			middleware = append(middleware, guards[r.operator])
		}
		e.Add(r.method, echoPath(r.path), func(c echo.Context) error { return serve(s, c) }, middleware...).Name = r.id
	}
}

// echoPath writes a path of OpenAPI's syntax in Echo's: /salons/{salon}/book is /salons/:salon/book.
func echoPath(path string) string {
	segments := strings.Split(path, "/")
	for i, seg := range segments {
		if name, ok := strings.CutPrefix(seg, "{"); ok && strings.HasSuffix(name, "}") {
			segments[i] = ":" + strings.TrimSuffix(name, "}")
		}
	}
	return strings.Join(segments, "/")
}
